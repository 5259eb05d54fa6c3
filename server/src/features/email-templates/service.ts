import { ADMIN_MSG } from '@stratum/core/admin';
import {
  EDITABLE_TEMPLATE_IDS,
  type TTemplateContent,
  type TTemplateId,
} from '@stratum/core/contract/email-templates/email-template';
import type { TPreviewEmailTemplateBody } from '@stratum/core/contract/email-templates/preview-email-template';
import { defaultEndDate } from '@stratum/core/subscription';
import type { Db } from '../../db/database';
import { auditNothingChanged, writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { TemplateResolver } from '../../lib/mail/mailer';
import { renderTemplate } from '../../lib/mail/templates';
import { presentTemplate } from './presenters';
import * as repo from './repository';

const isEditable = (id: string): id is TTemplateId =>
  (EDITABLE_TEMPLATE_IDS as readonly string[]).includes(id);

function editable(id: string): TTemplateId {
  if (!isEditable(id)) throw new AppError('request/not_found', ADMIN_MSG.templateNotFound);
  return id;
}

export class EmailTemplateService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** What the mailer reads before every mail: the edit of an editable template, if any. */
  readonly resolver: TemplateResolver = async (id) => {
    if (!isEditable(id)) return undefined;
    const edit = await repo.findEdit(this.db, id);
    return (
      edit && {
        subject: edit.subject,
        htmlContent: edit.html_content,
        textContent: edit.text_content,
      }
    );
  };

  async list() {
    const edits = new Map((await repo.allEdits(this.db)).map((e) => [e.id, e]));
    return EDITABLE_TEMPLATE_IDS.map((id) => presentTemplate(id, edits.get(id)));
  }

  update(rawId: string, content: TTemplateContent, actor: AuditActor) {
    const id = editable(rawId);
    return this.db.transaction().execute(async (trx) => {
      const before = presentTemplate(id, await repo.findEdit(trx, id));
      const after = presentTemplate(id, await repo.saveEdit(trx, id, content, actor));
      await writeAudit(trx, actor, {
        action: 'templates.update',
        targetType: 'email_template',
        targetId: id,
        before,
        after,
      });
      return after;
    });
  }

  reset(rawId: string, actor: AuditActor) {
    const id = editable(rawId);
    return this.db.transaction().execute(async (trx) => {
      const removed = await repo.deleteEdit(trx, id);
      const after = presentTemplate(id, undefined);
      if (removed) {
        await writeAudit(trx, actor, {
          action: 'templates.reset',
          targetType: 'email_template',
          targetId: id,
          before: presentTemplate(id, removed),
          after,
        });
      } else {
        auditNothingChanged('the template was already the default');
      }
      return after;
    });
  }

  /** Renders a draft (the saved version for parts left out) exactly as the mailer would. */
  async preview(rawId: string, draft: TPreviewEmailTemplateBody) {
    const id = editable(rawId);
    const saved = presentTemplate(id, await repo.findEdit(this.db, id));
    const variables = { ...this.samples(id), ...draft.variables };
    const rendered = renderTemplate(
      {
        subject: draft.subject ?? saved.subject,
        htmlContent: draft.htmlContent ?? saved.htmlContent,
        textContent: draft.textContent ?? saved.textContent,
      },
      variables,
    );
    return { ...rendered, variables };
  }

  /** Believable values for every slot of a template. */
  private samples(id: TTemplateId): Record<string, string> {
    const common = { firstName: 'Ada' };
    switch (id) {
      case 'welcome':
        return { ...common, appUrl: `${this.publicUrl}/dashboard` };
      case 'activation_request':
        return { ...common, plan: 'Pro' };
      case 'subscription_activated':
        return {
          ...common,
          plan: 'Pro',
          endDate: defaultEndDate(new Date()).toISOString().slice(0, 10),
          credits: '100',
          appUrl: `${this.publicUrl}/subscription`,
        };
    }
  }
}
