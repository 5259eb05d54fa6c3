import type { TIncident } from '@stratum/core/contract/monitoring/results';

const when = (iso: string) => new Date(iso).toLocaleString();

function lasted(incident: TIncident): string {
  const end = incident.endedAt ? Date.parse(incident.endedAt) : Date.now();
  const minutes = Math.max(0, Math.round((end - Date.parse(incident.startedAt)) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 120) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}

/** Down periods, newest first: when, how long, why, and whether an alert went out. */
export function IncidentTimeline({
  incidents,
  showCheck,
}: {
  incidents: TIncident[];
  showCheck: boolean;
}) {
  if (incidents.length === 0) {
    return <p className="text-sm text-slate-600">No incident: it has not been down.</p>;
  }
  return (
    <ol aria-label="Incidents" className="relative space-y-4 border-l-2 border-slate-200 pl-5">
      {incidents.map((incident) => (
        <li key={incident.id} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[27px] size-3 rounded-full ring-4 ring-white ${incident.endedAt ? 'bg-green-600' : 'bg-red-600'}`}
          />
          <p className="text-sm font-semibold text-slate-900">
            {showCheck && `${incident.checkName}: `}
            {incident.endedAt
              ? `Down for ${lasted(incident)}`
              : `Down for ${lasted(incident)}, ongoing`}
          </p>
          <p className="text-xs text-slate-600">
            {when(incident.startedAt)}
            {incident.endedAt && ` – ${when(incident.endedAt)}`}
            {incident.isSilenced && ' · in a maintenance window, no alert sent'}
          </p>
          <p className="mt-0.5 text-sm break-words text-slate-800">{incident.cause}</p>
        </li>
      ))}
    </ol>
  );
}
