import type { RouteStop, TrackedContainer, TrackingEvent } from '@lading/contract/tracking';
import { Stack, Text, Title } from '@mantine/core';
import classes from './tracking.module.css';
import {
  classifierText,
  eventTimeText,
  eventTitle,
  placeText,
  positionText,
  ROUTE_ROLE_TEXT,
  stopTimes,
  vesselText,
} from './tracking-format';

/** The transport plan's ports in order (loading, transhipment, discharge), each with its ETA/ATA or ETD/ATD. */
export function RouteStrip({ route }: { route: RouteStop[] }) {
  if (route.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No sailing is planned for this shipment yet.
      </Text>
    );
  return (
    <ol className={classes.route} aria-label="Route">
      {route.map((stop, index) => (
        <li key={`${stop.role}-${stop.place.code}`} className={classes.stop} data-testid="route-stop">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {index > 0 && <span aria-hidden="true">→ </span>}
            {ROUTE_ROLE_TEXT[stop.role]}
          </Text>
          <Text fw={600}>{placeText(stop.place)}</Text>
          {stopTimes(stop).map((time) => (
            <Text size="sm" key={time.label}>
              <Text span size="xs" c="dimmed" fw={600}>
                {time.label}
              </Text>{' '}
              <time dateTime={time.iso}>{time.text}</time>
            </Text>
          ))}
        </li>
      ))}
    </ol>
  );
}

/** One event on a timeline: title, how sure (in words), where, when in the place's time, the vessel. */
function EventItem({ event }: { event: TrackingEvent }) {
  const sureness = classifierText(event.classifier);
  const where = [
    event.place ? placeText(event.place) : null,
    event.facility?.code ? `terminal ${event.facility.code}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li
      className={classes.event}
      data-classifier={event.classifier}
      data-retracted={event.retracted || undefined}
      data-testid="tracking-event"
    >
      <span className={classes.marker} aria-hidden="true" />
      <Text size="sm" fw={600}>
        <span className={classes.title}>{eventTitle(event)}</span>
        {sureness && <span className={classes.tag}>{sureness}</span>}
        {event.retracted && <span className={classes.tag}>corrected</span>}
      </Text>
      {where && <Text size="sm">{where}</Text>}
      <Text size="sm" c="dimmed">
        <time dateTime={event.at}>{eventTimeText(event)}</time>
      </Text>
      {event.vessel && <Text size="sm">{vesselText(event.vessel)}</Text>}
    </li>
  );
}

/** A container: where it is now, then its events oldest first (the route's vessel calls among them). */
export function ContainerTimeline({ container }: { container: TrackedContainer }) {
  return (
    <section
      className={classes.container}
      aria-label={`Container ${container.containerNumber}`}
      data-testid="tracked-container"
    >
      <Title order={3} size="h5">
        Container {container.containerNumber}
        {container.isoCode ? ` · ${container.isoCode}` : ''}
      </Title>
      <Text fw={600} mb="xs" data-testid="tracking-position">
        {positionText(container.position)}
      </Text>
      {container.events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No events recorded yet.
        </Text>
      ) : (
        <ol className={classes.timeline} aria-label={`Events of container ${container.containerNumber}`}>
          {container.events.map((event) => (
            <EventItem key={event.eventId} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The booking's, shipping instructions' and transport document's events, oldest first, in the reader's time. */
export function DocumentEvents({ documents }: { documents: TrackingEvent[] }) {
  return (
    <ul className={classes.documents} aria-label="Document events">
      {documents.map((event) => (
        <li key={event.eventId} className={classes.document} data-testid="document-event">
          <Text size="sm">
            <Text span fw={600} size="sm" td={event.retracted ? 'line-through' : undefined}>
              {eventTitle(event)}
            </Text>
            {event.document ? ` ${event.document.reference}` : ''}
            {event.retracted && <span className={classes.tag}>corrected</span>}
            {' · '}
            <time dateTime={event.at}>{eventTimeText(event)}</time>
          </Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * A shipment's tracking: the route strip, each container's position and timeline, the document events. The Track
 * screen shows it under the search; the shipment page (app/shipment-route.tsx) as one of its sections.
 */
export function TrackingDetails({
  route,
  containers,
  documents,
}: {
  route: RouteStop[];
  containers: TrackedContainer[];
  documents: TrackingEvent[];
}) {
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Route
        </Title>
        <RouteStrip route={route} />
      </Stack>
      {containers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No container is on this shipment yet: the carrier names them when it confirms the booking.
        </Text>
      ) : (
        <div className={classes.containers}>
          {containers.map((container) => (
            <ContainerTimeline key={container.containerNumber} container={container} />
          ))}
        </div>
      )}
      {documents.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Documents
          </Title>
          <DocumentEvents documents={documents} />
        </Stack>
      )}
    </Stack>
  );
}
