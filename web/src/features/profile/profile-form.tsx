import { toast } from 'sonner';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import type { ClientUser } from '../../lib/client-user';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { useUpdateProfile } from './api/update-profile';
import { AvatarField } from './avatar-field';
import { ZProfileForm } from './schemas';

export interface ProfileFormProps {
  user: ClientUser;
}

export function ProfileForm({ user }: ProfileFormProps) {
  const initialAvatar = user.avatar ?? '';
  const form = useZodForm(ZProfileForm, {
    firstName: user.firstName,
    lastName: user.lastName,
    designation: user.designation ?? '',
    avatarUrl: initialAvatar,
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const { errors } = formState;
  const save = useUpdateProfile();

  const onSubmit = handleSubmit(({ avatarUrl, ...rest }) => {
    // The avatar is sent only when it changed: "" removes it.
    const body = avatarUrl === initialAvatar ? rest : { ...rest, avatarUrl };
    save.mutate(body, {
      onSuccess: () => toast.success('Profile saved'),
      onError: (error) => {
        if (showServerFieldErrors(form, error)) return;
        toast.error(isApiError(error) ? error.message : 'The profile could not be saved');
      },
    });
  });

  return (
    <Panel title="Profile">
      <form
        noValidate
        aria-label="Profile"
        onSubmit={(e) => void onSubmit(e)}
        className="space-y-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Designation"
          autoComplete="organization-title"
          placeholder="e.g. Platform engineer"
          error={errors.designation?.message}
          {...register('designation')}
        />
        <TextField
          label="Email"
          value={user.email}
          readOnly
          disabled
          hint="Your email address cannot be changed here."
        />
        <AvatarField
          value={watch('avatarUrl')}
          error={errors.avatarUrl?.message}
          onChange={(value) => setValue('avatarUrl', value, { shouldDirty: true })}
        />
        <Button type="submit" isLoading={save.isPending}>
          Save profile
        </Button>
      </form>
    </Panel>
  );
}
