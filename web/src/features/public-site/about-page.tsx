import { Link } from 'react-router';
import { DocumentPage } from './document-page';

export function AboutPage() {
  return (
    <DocumentPage
      title="About Stratum"
      lead="Stratum — develop, plan, operate — is a self-hosted web application for cloud and DevOps engineers, and for the staff who look after their users."
    >
      <h2>What it is for</h2>
      <p>
        Building infrastructure usually means a cloud console in one tab, a text editor in another,
        a naming spreadsheet somewhere and a pipeline nobody quite remembers setting up. Stratum
        puts those steps in one place: choose a cloud provider and services, design the architecture
        on a board, fix naming and file-structure conventions and generate Terraform, Bicep or ARM
        templates, priced on the board as you draw it — or bring the Terraform, Bicep and ARM you
        already have through the converter. Operating what you built has begun — costing, an asset
        inventory with its dependency graph, drift detection, Kubernetes clusters, an API client —
        and monitoring is the next part to be built; the <Link to="/features">features page</Link>{' '}
        says which areas this version has.
      </p>
      <h2>Who it is for</h2>
      <ul>
        <li>
          Engineers who plan, build and run infrastructure on AWS, Azure, Google Cloud and Oracle
          Cloud.
        </li>
        <li>
          Staff — owners, admins, moderators and helpers — who manage the users, plans and requests
          of their instance.
        </li>
      </ul>
      <h2>How it is built</h2>
      <p>
        Stratum is one TypeScript code base: a React single-page app, a Fastify API server and a
        shared core that holds the API contract and the domain logic, including the code generators.
        PostgreSQL is the only database; a fresh install starts an embedded one, and larger
        installations point at their own. Infrastructure code is produced by deterministic
        generators, not by a language model: the same design always gives the same files.
      </p>
      <h2>Self-hosted by design</h2>
      <p>
        Whoever runs an instance owns it and its data. There is no central Stratum service that your
        designs or credentials pass through. The <Link to="/privacy">privacy page</Link> lists
        exactly what an instance stores.
      </p>
      <h2>Get in touch</h2>
      <p>
        Questions about this instance go to its staff through the{' '}
        <Link to="/contact">contact form</Link>. What changed recently is in the{' '}
        <Link to="/changelog">changelog</Link>.
      </p>
    </DocumentPage>
  );
}
