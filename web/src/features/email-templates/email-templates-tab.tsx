import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TEmailTemplate } from '@stratum/core/contract/email-templates/email-template';
import { Badge } from '../../components/badge';
import { ListState } from '../../components/list-state';
import { formatDateTime } from '../../lib/format-date';
import { emailTemplatesQuery } from './api/email-templates';
import { EmailTemplateEditor } from './email-template-editor';

/** Staff: the §3 email templates; pick one to edit it with a live preview. */
export function EmailTemplatesTab() {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const result = useQuery(emailTemplatesQuery);
  return (
    <ListState result={result} what="email templates">
      {(data) => {
        const items = data.data.items;
        const selected = items.find((t) => t.id === selectedId) ?? items[0];
        return (
          <div className="grid gap-5 lg:grid-cols-[16rem_minmax(0,1fr)]">
            <nav aria-label="Email templates" className="min-w-0">
              <ul className="flex gap-2 overflow-x-auto lg:flex-col">
                {items.map((t) => (
                  <li key={t.id} className="shrink-0">
                    <TemplateButton
                      template={t}
                      isCurrent={t.id === selected?.id}
                      onSelect={() => setSelectedId(t.id)}
                    />
                  </li>
                ))}
              </ul>
            </nav>
            {selected && (
              <EmailTemplateEditor
                key={`${selected.id}-${selected.updatedAt ?? ''}`}
                template={selected}
              />
            )}
          </div>
        );
      }}
    </ListState>
  );
}

function TemplateButton({
  template,
  isCurrent,
  onSelect,
}: {
  template: TEmailTemplate;
  isCurrent: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      aria-current={isCurrent ? 'true' : undefined}
      onClick={onSelect}
      className={
        isCurrent
          ? 'w-full rounded-md border border-brand-600 bg-brand-50 px-3 py-2 text-left text-sm'
          : 'w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:bg-slate-50'
      }
    >
      <span className="block font-medium text-slate-900">{template.name}</span>
      <span className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-600">
        <code>{template.id}</code>
        {template.isCustomized && <Badge tone="brand">Edited</Badge>}
      </span>
      {template.updatedAt && (
        <span className="mt-0.5 block text-xs text-slate-600">
          {formatDateTime(template.updatedAt)}
        </span>
      )}
    </button>
  );
}
