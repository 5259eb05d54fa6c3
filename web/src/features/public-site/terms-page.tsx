import { Link } from 'react-router';
import { DocumentPage } from './document-page';

export function TermsPage() {
  return (
    <DocumentPage
      title="Terms of use"
      lead="These terms cover your use of this Stratum instance. Its operator may add terms of their own; where they differ, the operator's terms apply."
    >
      <h2>Your account</h2>
      <ul>
        <li>
          Give a real email address: it receives the codes and links that protect your account.
        </li>
        <li>
          Keep your password to yourself, and change it on your profile page if you think it leaked.
        </li>
        <li>One account per person. Staff may disable an account that breaks these terms.</li>
      </ul>
      <h2>Acceptable use</h2>
      <ul>
        <li>Use Stratum only for infrastructure you are allowed to manage.</li>
        <li>
          Do not use this instance to attack, probe or overload other systems, and do not send spam
          through the contact form.
        </li>
        <li>Do not try to reach other users' data or get around limits and lockouts.</li>
      </ul>
      <h2>Generated code and deployments</h2>
      <p>
        Stratum generates infrastructure-as-code from your design. Review it before you apply it:
        you are responsible for the resources it creates in your cloud accounts and for what they
        cost. Cost figures in Stratum are estimates, not quotes from a provider.
      </p>
      <h2>Plans</h2>
      <p>
        The operator decides which plans this instance offers. The free plan is active at once;
        upgrades are requests that staff review before they take effect.
      </p>
      <h2>No warranty</h2>
      <p>
        Stratum is provided as is. The operator runs this instance on their own infrastructure and
        decides when it is available, updated or retired. What changed in each version is in the{' '}
        <Link to="/changelog">changelog</Link>.
      </p>
      <h2>Questions</h2>
      <p>
        Ask the staff of this instance through the <Link to="/contact">contact form</Link>.
      </p>
    </DocumentPage>
  );
}
