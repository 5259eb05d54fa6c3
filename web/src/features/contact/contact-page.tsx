import { Mail } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ContactForm } from './contact-form';

export function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <Mail className="size-7 text-brand-600" aria-hidden="true" />
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">Contact</h1>
        <p className="mt-4 leading-7 text-slate-700">
          Write to the staff of this Stratum instance — about your account, a plan, a problem or an
          idea. Your message goes to the inbox of every staff member; they answer by email.
        </p>
        <p className="mt-4 text-sm leading-6 text-slate-600">
          We store your name, email address and message, with your IP address, so that staff can
          answer and spot abuse. See the privacy page for details.
        </p>
      </div>
      <ContactForm />
    </div>
  );
}
