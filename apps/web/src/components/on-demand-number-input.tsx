import { type NumberInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';
import { type NumberInputPart, numberInput } from './number-input';
import { type Handoff, useOnDemand, useTakeFocus } from './on-demand';

type Props = NumberInputProps & {
  ref?: Ref<HTMLInputElement>;
  /** The value as the real input shows it (digits grouped by thousands), for the stand-in. */
  shown: string;
  /** Text typed into the stand-in before the real input is in: the field keeps it when it is a number. */
  onTyped: (text: string) => void;
};

/** A number's digits grouped by thousands, as NumberInput shows it with `thousandSeparator=","`: 12345.6 → 12,345.6. */
export function groupThousands(text: string): string {
  const [whole = '', ...fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction.length > 0 ? `${grouped}.${fraction.join('.')}` : grouped;
}

/**
 * Mantine's NumberInput (with react-number-format), fetched with the first hover, focus or press of any number field
 * (components/on-demand.ts, as the overlays). Until then its stand-in is Mantine's TextInput showing the value as the
 * number input does (the same input chrome: label, message, error); a read-only field keeps the stand-in. When the
 * real input takes over, it gets the focus and the caret or selection the stand-in had.
 */
export function OnDemandNumberInput({ shown, onTyped, ...props }: Props) {
  const { real, handoff, request, press, standIn, givingWay } = useOnDemand<
    NumberInputPart,
    HTMLInputElement
  >(numberInput);
  const standInRef = useMergedRef(standIn, props.ref);
  if (real) return <RealNumberInput NumberInput={real.NumberInput} props={props} handoff={handoff} />;

  const {
    hideControls: _hideControls,
    allowNegative: _allowNegative,
    allowDecimal: _allowDecimal,
    thousandSeparator: _thousandSeparator,
    decimalScale: _decimalScale,
    clampBehavior: _clampBehavior,
    min: _min,
    max: _max,
    step: _step,
    value: _value,
    defaultValue: _defaultValue,
    onChange: _onChange,
    onValueChange: _onValueChange,
    ref: _ref,
    vars: _vars,
    classNames,
    styles,
    ...input
  } = props;
  const { readOnly, disabled } = props;
  const reach = () => {
    if (!readOnly && !disabled) request();
  };
  return (
    <TextInput
      {...input}
      // The same parts by name (root, wrapper, input, error…); NumberInput's own (controls) are not drawn here.
      classNames={classNames as TextInputProps['classNames']}
      styles={styles as TextInputProps['styles']}
      ref={standInRef}
      value={shown}
      onChange={(event) => {
        onTyped(event.currentTarget.value);
        request();
      }}
      onPointerEnter={reach}
      onFocus={(event) => {
        reach();
        input.onFocus?.(event);
      }}
      onPointerDown={() => {
        if (!readOnly && !disabled) press.onPointerDown();
      }}
      onPointerLeave={press.onPointerLeave}
      onBlur={(event) => {
        if (!givingWay.current) input.onBlur?.(event);
      }}
    />
  );
}

function RealNumberInput({
  NumberInput,
  props,
  handoff,
}: {
  NumberInput: NumberInputPart['NumberInput'];
  props: NumberInputProps & { ref?: Ref<HTMLInputElement> };
  handoff: Handoff;
}) {
  const focusRef = useTakeFocus<HTMLInputElement>(handoff.focus, handoff.selection);
  const ref = useMergedRef(focusRef, props.ref);
  return <NumberInput {...props} ref={ref} />;
}
