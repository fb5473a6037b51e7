import type { Office } from '@lading/contract/access';
import { Text, UnstyledButton } from '@mantine/core';
import { OnDemandMenu } from '../../../components/on-demand-menu';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSelectOffice } from '../api/select-office';

function ChevronIcon() {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

const describe = (office: Office) => `${office.name} (${office.code})`;

/**
 * The office a member of carrier staff works as (specification section 3: offices and the selected office). With
 * more than one office it is a menu button in the header: it shows the selected office's code (and "Office:" on wider
 * screens), and its menu lists every office as a radio item; choosing one switches the office on the server, keeps
 * the new auth data and refetches every list, which the server scopes by office. With one office it is plain text
 * on wide screens; customers have no office and see nothing.
 */
export function OfficeSwitcher({ className, compact }: { className?: string; compact: boolean }) {
  const session = useSession();
  const select = useSelectOffice();
  const authData = session?.authData;
  if (!session || !authData || authData.offices.length === 0) return null;
  const selected = authData.selectedOffice;

  if (authData.offices.length === 1) {
    const only = authData.offices[0]!;
    return compact ? null : (
      <Text size="sm" c="white" className={className}>
        Office: <abbr title={only.name}>{only.code}</abbr>
        <span className="visually-hidden"> — {only.name}</span>
      </Text>
    );
  }

  const choose = async (office: Office) => {
    if (office.id === selected?.id || select.isPending) return;
    try {
      await select.mutateAsync({ userId: session.user.id, officeId: office.id });
      toast.success(`You are now working as ${describe(office)}.`);
    } catch {
      toast.error('The office could not be changed. Please try again.');
    }
  };

  const label = selected ? `${selected.code} — ${selected.name}` : 'none selected';
  return (
    // Without Mantine's focus placeholder (axe: a focusable child the menu role does not allow), opening the menu
    // focuses its first office; arrows move, Enter chooses, Escape closes and returns to the button.
    <OnDemandMenu
      position="bottom-end"
      shadow="md"
      width={300}
      withInitialFocusPlaceholder={false}
      target={
        <UnstyledButton
          className={className}
          // The name starts with the visible text ("Office: TSX", or "TSX" on phones), then says the rest.
          aria-label={`${compact ? '' : 'Office: '}${label}. Change office`}
          disabled={select.isPending}
        >
          {!compact && 'Office: '}
          {selected?.code ?? 'Choose'}
          <ChevronIcon />
        </UnstyledButton>
      }
    >
      {(Menu) => (
        <Menu.Dropdown>
          <Menu.Label>Work as office</Menu.Label>
          <Menu.RadioGroup
            value={selected ? String(selected.id) : null}
            onChange={(value) => {
              const office = authData.offices.find((o) => String(o.id) === value);
              if (office) void choose(office);
            }}
          >
            {authData.offices.map((office) => (
              <Menu.RadioItem key={office.id} value={String(office.id)} closeMenuOnClick>
                {describe(office)}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Dropdown>
      )}
    </OnDemandMenu>
  );
}
