import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export interface MenuAction {
  label: string;
  onClick: () => void;
  isDisabled?: boolean;
  isDanger?: boolean;
}

/** The '…' menu of a table row or column: one button named after what it acts on, its actions as menu items. */
export function ActionsMenu({ label, actions, disabled }: { label: string; actions: readonly MenuAction[]; disabled: boolean }) {
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} disabled={disabled}>
          <IconDots size={16} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action.label} onClick={action.onClick} disabled={action.isDisabled} color={action.isDanger ? 'red' : undefined}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
