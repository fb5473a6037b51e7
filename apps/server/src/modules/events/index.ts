// The events module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export {
  createEventDispatcher,
  type EventHandler,
  type EventHandlers,
  type StoredEvent,
} from './event-dispatcher';
