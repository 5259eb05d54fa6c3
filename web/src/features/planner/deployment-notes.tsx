import { FlaskConical, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';

/** Says plainly that step 6 simulates (DESIGN.md "Deployment"). */
export function SimulationNote() {
  return (
    <div className="flex flex-wrap items-start gap-3 rounded-lg border border-violet-200 bg-violet-50 p-4">
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm text-violet-950">
        <p className="flex items-center gap-2 font-semibold">
          Simulation <Badge tone="brand">Simulation</Badge>
        </p>
        <p className="mt-0.5">
          Deployments here are simulated: nothing is created in your cloud account. The run goes
          pending → running (after 1 s) → completed (after 5 s). Its cost is simulated too: your
          resources' list prices from the price book × the provider multiplier of the simulation.
        </p>
      </div>
    </div>
  );
}

export interface PlanGateNoteProps {
  reason: string | null;
}

/** §6: deployment is for Ultra Pro and Enterprise; why not, and where to upgrade. */
export function PlanGateNote({ reason }: PlanGateNoteProps) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <Lock className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Deployment needs the Ultra Pro or Enterprise plan</p>
        <p className="mt-0.5">{reason}</p>
      </div>
      <Link
        to="/subscription"
        className="rounded-md bg-amber-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-950"
      >
        Upgrade on Subscription
      </Link>
    </div>
  );
}
