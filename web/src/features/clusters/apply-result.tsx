import { Badge, type BadgeTone } from '../../components/badge';
import type { TApplyAnswer } from './types';
import { WarningList } from './warning-list';

const TONES: Record<TApplyAnswer['objects'][number]['result'], BadgeTone> = {
  created: 'success',
  configured: 'brand',
  unchanged: 'neutral',
};

/** Each object with what apply did to it (or would, on a dry run), then the server's warnings. */
export function ApplyResult({ answer }: { answer: TApplyAnswer }) {
  return (
    <section
      aria-label={answer.isDryRun ? 'Dry run result' : 'Apply result'}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <p role="status" className="font-medium text-slate-900">
        {answer.isDryRun
          ? `Dry run: ${answer.objects.length} object(s) checked, nothing changed.`
          : `Applied ${answer.objects.length} object(s).`}
      </p>
      <ul className="divide-y divide-slate-100">
        {answer.objects.map((object) => (
          <li
            key={`${object.apiVersion}/${object.kind}/${object.namespace ?? ''}/${object.name}`}
            className="flex flex-wrap items-center gap-2 py-1.5"
          >
            <span className="min-w-0 flex-1 break-all">
              {object.kind.toLowerCase()}/{object.name}
              {object.namespace && <span className="text-slate-600"> in {object.namespace}</span>}
            </span>
            <Badge tone={TONES[object.result]}>
              {answer.isDryRun ? `${object.result} (dry run)` : object.result}
            </Badge>
          </li>
        ))}
      </ul>
      <WarningList warnings={answer.warnings} />
    </section>
  );
}
