import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';

export interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The centred card of /auth and /reset-password. */
export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Logo hasWordmark={false} />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
