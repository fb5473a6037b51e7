import type { CreateQuotationBody, Quotation } from '@lading/contract/quotations';
import { Button, Group, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { PageFrame } from '../../../components/page-frame';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateQuotation } from '../api/create-quotation';
import { QuotationSummary } from '../components/quotation-summary';
import { RateEnquiryFields } from '../components/rate-enquiry-form';
import {
  emptyRateEnquiry,
  type RateEnquiryForm,
  rateEnquiryResolver,
  toRateEnquiryErrors,
} from '../components/rate-enquiry-mapping';
import { RejectQuotationModal } from '../components/reject-quotation-modal';

/**
 * app-dashboard/app-rate-enquiry: the enquiry form, then the quotation at once (priced: charge lines, total,
 * validity, Accept / Reject; or "on request"). "Change enquiry" goes back to the form with its values kept.
 */
export function RateEnquiryPage() {
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

  useEffect(() => {
    if (quotation) resultRef.current?.focus();
  }, [quotation]);

  const onSubmit = async (body: CreateQuotationBody) => {
    try {
      setQuotation(await create.mutateAsync(body));
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
        <FormProvider {...form}>
          <RateEnquiryFields onSubmit={onSubmit} isSubmitting={create.isPending} />
        </FormProvider>
      )}
    </PageFrame>
  );
}
