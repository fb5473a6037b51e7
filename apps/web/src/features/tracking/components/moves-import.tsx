import { MOVES_CSV_COLUMNS } from '@lading/contract/tracking';
import { Alert, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import plain from '../../../components/plain-table.module.css';
import { ApiError } from '../../../lib/api-client';
import { useImportMoves } from '../api/record-equipment-events';
import { type ImportLineError, importErrorsOf, importedText } from './equipment-event-mapping';
import classes from './tracking.module.css';

/** The largest file the API takes (ImportMovesBodySchema: 2,000,000 characters). */
const MAX_BYTES = 2_000_000;

const HEADER = MOVES_CSV_COLUMNS.join(',');
const EXAMPLE = 'MSCU1234566,GTIN,INNSA,NSICT,2026-11-28T18:00:00Z,,LADEN';

type Outcome =
  | { kind: 'imported'; text: string }
  | { kind: 'refused'; fileName: string; message: string; lines: ImportLineError[] };

/** The refused lines: a table of line, column and problem, in the file's order (its own scroll region if wide). */
function LineErrors({ lines }: { lines: ImportLineError[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached with Tab (axe's scrollable-region-focusable).
    <section className={classes.scroll} aria-label="Errors by line" tabIndex={0}>
      <table className={plain.table} data-bordered data-striped data-testid="import-errors">
        <caption className="visually-hidden">Errors by line</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((row) => (
            <tr key={`${row.line}-${row.column}`}>
              <th scope="row">{row.line}</th>
              <td>
                <Code>{row.column}</Code>
              </td>
              <td className={classes.wrap}>{row.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A CSV of terminal moves (POST cp/admin/equipment-events/import/): the file is read as text here and sent whole;
 * the server checks every line first and writes all of it or nothing. Says "N moves imported", or shows every bad
 * line with its column and problem (nothing written).
 */
export function MovesImport() {
  const importMoves = useImportMoves();
  const input = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setFileError('Choose a CSV file of moves');
      input.current?.focus();
      return;
    }
    if (file.size > MAX_BYTES) {
      setFileError('The file is larger than 2 MB: split it into smaller files');
      input.current?.focus();
      return;
    }
    setFileError(null);
    const content = await file.text();
    try {
      const answer = await importMoves.mutateAsync({ fileName: file.name, content });
      setOutcome({ kind: 'imported', text: `${importedText(answer.imported)} from ${file.name}` });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setOutcome({
          kind: 'refused',
          fileName: file.name,
          message: 'The file could not be sent.',
          lines: [],
        });
        return;
      }
      const lines = importErrorsOf(error.fields);
      // A refusal of the body itself (an empty file) names `content`: said as the file's problem.
      const other = Object.entries(error.fields).find(([key]) => !key.startsWith('line '));
      if (lines.length === 0 && other) setFileError(`The file ${other[1]}`);
      setOutcome({ kind: 'refused', fileName: file.name, message: error.message, lines });
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${ids}-title`}>
      <Title order={2} size="h4" id={`${ids}-title`} mb="xs">
        Import terminal moves (CSV)
      </Title>
      <Stack gap="sm">
        <Stack gap={4} id={`${ids}-help`}>
          <Text size="sm">
            One actual move per line, under this header line (the optional last column{' '}
            <Code>transshipment</Code> takes true or false):
          </Text>
          <Code block className={classes.wrap} data-testid="csv-header">
            {HEADER}
            {'\n'}
            {EXAMPLE}
          </Code>
          <List size="sm" spacing={2}>
            <List.Item>
              <Code>eventDateTime</Code>: ISO 8601 with its offset, e.g. 2026-11-28T18:00:00Z or
              2026-11-28T23:30:00+05:30.
            </List.Item>
            <List.Item>
              <Code>eventCode</Code>: the DCSA code (GTIN, LOAD, DISC, GTOT, AVPU…);{' '}
              <Code>emptyIndicator</Code>: EMPTY or LADEN; <Code>voyageNumber</Code> for a vessel move on
              another voyage than the booking's.
            </List.Item>
            <List.Item>
              The whole file is checked first: one bad line and nothing is imported. Up to 5,000 lines.
            </List.Item>
          </List>
        </Stack>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Text component="label" htmlFor={`${ids}-file`} size="sm" fw={500} display="block">
                CSV file of moves
              </Text>
              <input
                ref={input}
                id={`${ids}-file`}
                type="file"
                accept=".csv,text/csv"
                required
                aria-describedby={fileError ? `${ids}-file-error ${ids}-help` : `${ids}-help`}
                aria-invalid={fileError ? true : undefined}
                className={classes.file}
                onChange={() => {
                  setFileError(null);
                  setOutcome(null);
                }}
              />
              {fileError && (
                <Text id={`${ids}-file-error`} size="xs" c="red.8" mt={4}>
                  {fileError}
                </Text>
              )}
            </div>
            <Button type="submit" loading={importMoves.isPending}>
              Import moves
            </Button>
          </Group>
        </form>
        {outcome?.kind === 'imported' && (
          <Alert color="green" title={outcome.text} role="status" data-testid="import-done" />
        )}
        {outcome?.kind === 'refused' && !fileError && (
          <Alert color="red" title="Nothing was imported" role="alert" data-testid="import-refused">
            {outcome.lines.length > 0
              ? `${outcome.lines.length} ${outcome.lines.length === 1 ? 'error' : 'errors'} in ${outcome.fileName}, by line below. Correct the file and import it again.`
              : outcome.message}
          </Alert>
        )}
        {outcome?.kind === 'refused' && outcome.lines.length > 0 && <LineErrors lines={outcome.lines} />}
      </Stack>
    </Paper>
  );
}
