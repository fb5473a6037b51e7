import type { CreateQuotationBody, Quotation } from '@lading/contract/quotations';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { PageFrame } from '../../../components/page-frame';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateQuotation } from '../api/create-quotation';
import { useLanePort } from '../api/find-lane';
import { ChosenSailing } from '../components/chosen-sailing';
import { MembershipGate } from '../components/membership-gate';
import { QuotationSummary } from '../components/quotation-summary';
import { RateEnquiryFields } from '../components/rate-enquiry-form';
import {
  emptyRateEnquiry,
  type RateEnquiryForm,
  rateEnquiryResolver,
  toRateEnquiryErrors,
} from '../components/rate-enquiry-mapping';
import { parseRateEnquirySearch } from '../components/rate-enquiry-search';
import { RejectQuotationModal } from '../components/reject-quotation-modal';

const route = getRouteApi('/portal/app-dashboard/app-rate-enquiry');

/**
 * app-dashboard/app-rate-enquiry: the enquiry form, then the quotation at once (priced: charge lines, total,
 * validity, Accept / Reject; or "on request"). "Change enquiry" goes back to the form with its values kept. Opened
 * from the schedules' "Get a price", the address names the lane (`pol`, `pod`: the ports are filled in unless the
 * user picked others first) and the sailing chosen (`voyageId`, shown above the form and kept in the address): the
 * enquiry carries it while its ports are that lane's (the server refuses a voyage that does not load at the port of
 * loading, and one past its booking cut-off). "New enquiry" leaves both. A customer whose company membership waits
 * for approval reads why instead of the form (MembershipGate).
 */
export function RateEnquiryPage() {
  return (
    <MembershipGate title="Rate Enquiry">
      <RateEnquiry />
    </MembershipGate>
  );
}

function RateEnquiry() {
  const search = parseRateEnquirySearch(route.useSearch());
  const navigate = route.useNavigate();
  const form = useForm<RateEnquiryForm, unknown, CreateQuotationBody>({
    defaultValues: emptyRateEnquiry(),
    resolver: rateEnquiryResolver,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const create = useCreateQuotation();
  const [quotation, setQuotation] = useState<Quotation | null>(null);
  const [rejectOpened, rejectDialog] = useDisclosure(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const pol = useLanePort(search.pol);
  const pod = useLanePort(search.pod);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (pol.data && !getValues('pol')) setValue('pol', pol.data);
  }, [pol.data, getValues, setValue]);
  useEffect(() => {
    if (pod.data && !getValues('pod')) setValue('pod', pod.data);
  }, [pod.data, getValues, setValue]);

  // The sailing goes with the enquiry while the ports are still its lane's.
  const [lanePol, lanePod] = useWatch({ control: form.control, name: ['pol', 'pod'] });
  const laneChanged =
    (lanePol !== null && lanePol.code !== search.pol) || (lanePod !== null && lanePod.code !== search.pod);
  const sailing = search.voyageId !== undefined && !laneChanged ? search.voyageId : undefined;

  useEffect(() => {
    if (quotation) resultRef.current?.focus();
  }, [quotation]);

  const onSubmit = async (body: CreateQuotationBody) => {
    try {
      setQuotation(await create.mutateAsync(sailing === undefined ? body : { ...body, voyageId: sailing }));
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(toRateEnquiryErrors(error.fields), form.setError, (field) => field)
          : 0;
      if (placed === 0)
        toast.error(
          error instanceof ApiError ? error.message : 'The enquiry could not be sent. Please try again.',
        );
    }
  };

  return (
    <PageFrame title="Rate Enquiry">
      {quotation ? (
        <>
          <Paper withBorder radius="md" p="md" ref={resultRef} tabIndex={-1} aria-label="Your quotation">
            <QuotationSummary quotation={quotation} onReject={rejectDialog.open} />
          </Paper>
          <Group gap="sm">
            <Button variant="default" onClick={() => setQuotation(null)}>
              Change enquiry
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                form.reset(emptyRateEnquiry());
                setQuotation(null);
                if (search.pol || search.pod || search.voyageId) void navigate({ search: {} });
              }}
            >
              New enquiry
            </Button>
          </Group>
          <RejectQuotationModal
            quotation={quotation}
            opened={rejectOpened}
            onClose={rejectDialog.close}
            onRejected={setQuotation}
          />
        </>
      ) : (
        <>
          {sailing !== undefined && <ChosenSailing voyageId={sailing} pol={search.pol} pod={search.pod} />}
          {search.voyageId !== undefined && laneChanged && (
            <Text size="sm" c="dimmed" data-testid="chosen-sailing-dropped">
              The ports differ from the sailing you chose on the schedules: this enquiry is for the new lane,
              without a sailing.
            </Text>
          )}
          <FormProvider {...form}>
            <RateEnquiryFields onSubmit={onSubmit} isSubmitting={create.isPending} />
          </FormProvider>
        </>
      )}
    </PageFrame>
  );
}
