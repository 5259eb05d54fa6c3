import { useCurrentUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

export function ProfilePage() {
  useDocumentTitle('Profile settings');
  const user = useCurrentUser();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Profile settings</h1>
        <p className="mt-1 text-sm text-slate-700">
          How you appear in Stratum, and the password you sign in with.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <ProfileForm user={user} />
        <ChangePasswordForm />
      </div>
    </div>
  );
}
