import { Button, Group, Paper, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { MAX_REF_LENGTH } from './track-search';

/** A search just made: the result's heading takes the focus once it shows `ref` (a new object for each search). */
export type FocusRequest = { ref: string };

/**
 * One search box and its button: the text is handed over as typed (the screen says what it recognised in it). An
 * empty box says what it wants instead of searching.
 */
export function TrackSearchForm({
  initial,
  label,
  description,
  searchLabel,
  onSearch,
}: {
  initial: string;
  label: string;
  description?: string;
  searchLabel: string;
  onSearch: (ref: string) => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ref = text.replace(/\s+/g, ' ').trim();
    if (!ref) {
      setError(`Enter a ${label.charAt(0).toLowerCase()}${label.slice(1)}`);
      return;
    }
    setError(null);
    onSearch(ref);
  };
  return (
    <Paper withBorder p="md" radius="md" component="search" aria-label={searchLabel}>
      <form noValidate onSubmit={submit}>
        <TextInput
          label={label}
          description={description}
          required
          withAsterisk={false}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          maxLength={MAX_REF_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // The button beside the box, under the label and above a message.
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Button type="submit">Track</Button>
            </Group>
          )}
        />
      </form>
    </Paper>
  );
}
