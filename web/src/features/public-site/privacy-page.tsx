import { Link } from 'react-router';
import { DocumentPage } from './document-page';
import { StoredKeysTable } from './stored-keys-table';

export function PrivacyPage() {
  return (
    <DocumentPage
      title="Privacy"
      lead="Stratum is self-hosted. This instance is run by its operator, not by the makers of Stratum, and what you enter stays on the operator's servers."
    >
      <h2>Who is responsible</h2>
      <p>
        The organisation or person who runs this instance decides how it is used and is responsible
        for the data in it. Reach its staff through the <Link to="/contact">contact form</Link>.
      </p>
      <h2>What this instance stores about you</h2>
      <ul>
        <li>
          <strong>Your account:</strong> email address, first and last name, designation and avatar
          if you add them, your role, plan and credits, and when you last signed in.
        </li>
        <li>
          <strong>Your password</strong> only as an argon2id hash; it cannot be read back. Email
          codes and password-reset tokens are stored hashed too, expire, and work once.
        </li>
        <li>
          <strong>Your sessions:</strong> when each started and ended, the IP address and the
          browser's user-agent string. They let you see your recent activity on the dashboard and
          let a sign-out or a password change end a session at once.
        </li>
        <li>
          <strong>Failed sign-ins</strong> per email address, for at most 15 minutes, to lock the
          form after five failures.
        </li>
        <li>
          <strong>Contact messages:</strong> the name, email, subject and text you send, with the IP
          address and user-agent, readable by the staff of this instance.
        </li>
        <li>
          <strong>Your projects:</strong> the designs you save in the planner, their snapshots, the
          files generated from them and the simulated deployments you run.
        </li>
        <li>
          <strong>Messages</strong> you send and receive inside the app.
        </li>
        <li>
          <strong>Your plan:</strong> your subscription, this month&apos;s usage, plan requests you
          send to staff and the vouchers you redeem.
        </li>
        <li>
          <strong>Error reports</strong> from your browser when something fails: the message, the
          page address and your browser&apos;s user-agent, readable by staff.
        </li>
        <li>
          <strong>Which site notices you dismissed</strong>, and an audit trail of what staff change
          about accounts and settings.
        </li>
      </ul>
      <h2>What stays in your browser</h2>
      <p>
        Stratum uses your browser&apos;s storage, not cookies, and nothing in it tracks you. This is
        every key it keeps; signing out removes the first two.
      </p>
      <StoredKeysTable />
      <h2>Who else sees it</h2>
      <p>
        Nobody, unless the operator sets it up: Stratum loads no third-party scripts, fonts or
        analytics. Email goes through the mail server the operator configures.
      </p>
      <h2>Keeping and deleting</h2>
      <p>
        Your data is kept while your account exists. To see, correct or delete what is stored about
        you, ask the staff of this instance; you can change your name, designation, avatar and
        password yourself on your profile page.
      </p>
    </DocumentPage>
  );
}
