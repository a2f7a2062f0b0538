import { Select, type SelectProps } from '@mantine/core';
import { isRole, roles, type Role } from './organization-api';

const roleOptions = roles.map((role) => ({ value: role, label: role }));

type RolePickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'allowDeselect'> & {
  value: Role;
  /** Called only with another role than the one shown. */
  onPick: (role: Role) => void;
};

/** A role chooser that can only ever hand back one of the contract's roles. */
export function RolePicker({ value, onPick, ...select }: RolePickerProps) {
  return (
    <Select
      {...select}
      data={roleOptions}
      value={value}
      allowDeselect={false}
      onChange={(picked) => picked !== null && isRole(picked) && picked !== value && onPick(picked)}
    />
  );
}
