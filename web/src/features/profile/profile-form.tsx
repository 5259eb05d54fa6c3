import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { updateProfile } from '@stratum/core/contract/auth/update-profile';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import type { ClientUser } from '../../lib/client-user';
import { callApi, isApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { AvatarField } from './avatar-field';
import { toProfileBody, type ProfileErrors, type ProfileValues } from './validators';

export interface ProfileFormProps {
  user: ClientUser;
}

export function ProfileForm({ user }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    designation: user.designation ?? '',
    avatarUrl: user.avatar ?? '',
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  const set = (field: keyof ProfileValues) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { body, errors: found } = toProfileBody(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSaving(true);
    try {
      const { user: saved } = await callApi(updateProfile, { body });
      session.updateUser(saved);
      toast.success('Profile saved');
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The profile could not be saved');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Panel title="Profile">
      <form
        noValidate
        aria-label="Profile"
        onSubmit={(e) => void handleSubmit(e)}
        className="space-y-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(e) => set('firstName')(e.target.value)}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(e) => set('lastName')(e.target.value)}
          />
        </div>
        <TextField
          label="Designation"
          autoComplete="organization-title"
          placeholder="e.g. Platform engineer"
          value={values.designation}
          error={errors.designation}
          onChange={(e) => set('designation')(e.target.value)}
        />
        <TextField
          label="Email"
          value={user.email}
          readOnly
          disabled
          hint="Your email address cannot be changed here."
        />
        <AvatarField
          value={values.avatarUrl}
          error={errors.avatarUrl}
          onChange={set('avatarUrl')}
        />
        <Button type="submit" isLoading={isSaving}>
          Save profile
        </Button>
      </form>
    </Panel>
  );
}
