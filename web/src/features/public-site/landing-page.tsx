import { ArrowRight, Boxes, Cloud, FileCode2, Gauge, Rocket, Server } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { HeroProduct } from './hero-product';

const STEPS = [
  {
    icon: Cloud,
    title: 'Plan',
    text: 'Pick a cloud — AWS, Azure, Google Cloud or Oracle Cloud — and the services you need.',
  },
  {
    icon: Boxes,
    title: 'Design',
    text: 'Lay the architecture out on a board, then set naming and file-structure conventions once.',
  },
  {
    icon: FileCode2,
    title: 'Generate',
    text: 'Get Terraform for every cloud, Bicep and ARM for Azure, from deterministic code generators — or convert the Terraform, Bicep and ARM you already have.',
  },
  {
    icon: Rocket,
    title: 'Deploy',
    text: 'Download the files as a .zip, or rehearse a deployment with the simulated runner and its logs.',
  },
  {
    icon: Gauge,
    title: 'Operate',
    text: 'Price designs and plans on three clouds, keep an inventory and dependency graph of what runs, detect drift, work with Kubernetes clusters. Coming: monitoring.',
  },
];

export function LandingPage() {
  useDocumentTitle('develop, plan, operate');
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_minmax(0,30rem)]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Multi-cloud infrastructure, self-hosted
            </p>
            <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
              develop, plan, operate
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-700">
              Stratum takes cloud and DevOps engineers from a blank page to infrastructure code:
              choose a cloud and its services, design the architecture on a board, and generate
              Terraform, Bicep or ARM that is the same every time — on a server you run yourself.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Link to="/auth" className={buttonClasses('primary', 'lg')}>
                Get Started <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <Link to="/features" className={buttonClasses('secondary', 'lg')}>
                See the features
              </Link>
            </div>
          </div>
          <HeroProduct />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="how-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          One path from idea to operations
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-5">
              <Icon className="size-6 text-brand-600" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">
                {index + 1}. {title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="self-hosted-heading"
        className="border-y border-slate-200 bg-slate-50"
      >
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
          <div>
            <Server className="size-7 text-brand-600" aria-hidden="true" />
            <h2
              id="self-hosted-heading"
              className="mt-3 text-2xl font-bold tracking-tight text-slate-900"
            >
              Runs where your infrastructure knowledge should live
            </h2>
            <p className="mt-4 leading-7 text-slate-700">
              One command starts Stratum with its own PostgreSQL; mail goes to an outbox folder
              until you configure SMTP. When one machine is not enough, run identical server
              processes behind a load balancer with a shared PostgreSQL and Redis.
            </p>
          </div>
          <ul className="space-y-4 text-slate-700">
            <li>
              <strong className="text-slate-900">Your data stays with you.</strong> Accounts,
              designs and secrets live in your database; secrets are encrypted at rest.
            </li>
            <li>
              <strong className="text-slate-900">Generation is code, not a guess.</strong> The same
              design always produces the same files, checked against the real provider schemas.
            </li>
            <li>
              <strong className="text-slate-900">Built in the open.</strong> The{' '}
              <Link to="/changelog" className="font-medium text-brand-700 underline">
                changelog
              </Link>{' '}
              lists what this version can do today.
            </li>
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Start with an account</h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-700">
          Sign up with your email address and the six-digit code we mail to it. On a new instance,
          the first account becomes its owner.
        </p>
        <Link to="/auth" className={`${buttonClasses('primary', 'lg')} mt-8`}>
          Get Started
        </Link>
      </section>
    </>
  );
}
