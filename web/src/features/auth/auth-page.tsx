import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TServerUser } from '@stratum/core/contract/common';
import { MSG } from '@stratum/core/messages';
import { FormMessage } from '../../components/form-message';
import { session, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { VerifyCodeForm } from './verify-code-form';

type Tab = 'signin' | 'signup';
type View =
  { kind: 'tabs' } | { kind: 'forgot'; email: string } | { kind: 'verify'; email: string };

const TITLES = {
  tabs: 'Welcome to Stratum',
  forgot: 'Reset your password',
  verify: 'Check your email',
};
const tabClasses =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** /auth: Sign In and Sign Up tabs, Forgot password, and the six-digit code view. */
export function AuthPage() {
  const [tab, setTab] = useState<Tab>('signin');
  const [view, setView] = useState<View>({ kind: 'tabs' });
  const [notice] = useState(() => session.getState().notice);
  const { notice: pendingNotice } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(
    view.kind === 'tabs' ? (tab === 'signin' ? 'Sign in' : 'Sign up') : TITLES[view.kind],
  );

  useEffect(() => {
    if (pendingNotice !== null) session.consumeNotice();
  }, [pendingNotice]);

  const signIn = (token: string, user: TServerUser) => {
    session.signIn(token, user);
    void navigate('/dashboard', { replace: true });
  };
  const toTabs = () => setView({ kind: 'tabs' });

  return (
    <AuthCard title={TITLES[view.kind]}>
      {view.kind === 'verify' && (
        <VerifyCodeForm
          email={view.email}
          onBack={toTabs}
          onVerified={({ token, user }) => {
            toast.success(MSG.emailVerified);
            signIn(token, user);
          }}
        />
      )}
      {view.kind === 'forgot' && <ForgotPasswordForm initialEmail={view.email} onBack={toTabs} />}
      {view.kind === 'tabs' && (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
          {notice && (
            <FormMessage tone="info" className="mb-4">
              {notice}
            </FormMessage>
          )}
          <Tabs.List aria-label="Account" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tabs.Trigger value="signin" className={tabClasses}>
              Sign In
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClasses}>
              Sign Up
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="signin" className="outline-none">
            <SignInForm
              onSignedIn={({ token, user }) => signIn(token, user)}
              onVerificationRequired={(email) => setView({ kind: 'verify', email })}
              onForgotPassword={(email) => setView({ kind: 'forgot', email })}
            />
          </Tabs.Content>
          <Tabs.Content value="signup" className="outline-none">
            <SignUpForm onVerificationRequired={(email) => setView({ kind: 'verify', email })} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </AuthCard>
  );
}
