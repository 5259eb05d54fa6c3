import { Rocket } from 'lucide-react';
import { Button } from '../../components/button';

export interface DeploymentBarProps {
  /** The design's environments, in its order: the only ones offered. */
  environments: readonly string[];
  environment: string;
  onEnvironmentChange: (environment: string) => void;
  summary: string;
  isDeploying: boolean;
  canDeploy: boolean;
  onDeploy: () => void;
}

/** Step 6's bar: where to deploy (the design's environments), what, and the Deploy button. */
export function DeploymentBar(props: DeploymentBarProps) {
  const { environment } = props;
  return (
    <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Environment</legend>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {props.environments.map((env) => (
            <label
              key={env}
              className={`cursor-pointer rounded-md px-3 py-1.5 text-sm ring-1 ring-inset focus-within:outline-2 focus-within:outline-brand-600 ${environment === env ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-300'}`}
            >
              <input
                type="radio"
                name="deploy-environment"
                className="sr-only"
                checked={environment === env}
                onChange={() => props.onEnvironmentChange(env)}
              />
              {env}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-slate-700">{props.summary}</p>
      <Button
        className="ml-auto"
        size="lg"
        isLoading={props.isDeploying}
        disabled={!props.canDeploy}
        onClick={props.onDeploy}
      >
        <Rocket className="size-4" aria-hidden="true" /> Deploy to {environment} (simulated)
      </Button>
    </div>
  );
}
