import type { FastifyRequest } from 'fastify';
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { errorResult, filesOfAnswer } from '@stratum/core/assistant/answer-files';
import {
  ASSISTANT_CALLS_PER_HOUR,
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
} from '@stratum/core/assistant/limits';
import {
  chatSystemPrompt,
  GENERATE_FILES_PROMPT,
  generateDesignPrompt,
  PATCH_TOOL_NAME,
  patchTool,
} from '@stratum/core/assistant/prompts';
import { checkDesignPatch } from '@stratum/core/assistant/validate-patch';
import type { TChatBody, TChatEvent } from '@stratum/core/contract/llm/chat';
import type { TGenerateBody, TGenerateResult } from '@stratum/core/contract/llm/generate';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import type { PriceBook } from '@stratum/core/costing/book';
import type { TEstimate } from '@stratum/core/costing/model';
import { estimateDesign } from '@stratum/core/costing/estimate-design';
import { isQuotaExempt } from '@stratum/core/subscription';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { actorOf, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { RequestAuth } from '../../lib/route';
import type { SharedState } from '../../lib/shared-state';
import { describeFailure, designResult, trimConversation } from './answers';
import type { TChatSource } from './chat-context';
import { insertMessage } from './messages-repository';
import { modelFailure, openModel, type TEgressDeps } from './model-client';
import type { LlmSettings, TModelEndpoint } from './settings';

export interface AssistantDeps {
  db: Db;
  shared: SharedState;
  settings: LlmSettings;
  egress: TEgressDeps;
  /** A whole answer's deadline; tests shorten it. */
  timeoutMs?: number;
  /** The price book in force (the costing feature's), for the design's estimate in the chat. */
  prices?: { current(): Promise<PriceBook> };
}

export const callsPerHourOf = (user: Pick<UserRow, 'role' | 'subscription_type'>): number =>
  ASSISTANT_CALLS_PER_HOUR[isQuotaExempt(user.role) ? 'enterprise' : user.subscription_type];

/** A failure that still carries what §7 answers with it: the placeholder result. */
export class GenerateFailure extends Error {
  constructor(
    readonly error: AppError,
    readonly result: TGenerateResult,
  ) {
    super(error.message);
  }
}

/** What one call ended with, for the user's history and the audit trail. */
interface CallRecord {
  kind: 'chat' | 'generate';
  prompt: string;
  answer: string;
  endpoint: TModelEndpoint;
  projectId: string | null;
  error?: AppError;
}

export class AssistantService {
  constructor(private readonly deps: AssistantDeps) {}

  private get timeoutMs(): number {
    return this.deps.timeoutMs ?? ASSISTANT_LIMITS.answerTimeoutMs;
  }

  async status(user: UserRow) {
    return { ...(await this.deps.settings.status(user.id)), limitPerHour: callsPerHourOf(user) };
  }

  /** The endpoint for this user's call, after the plan's rate limit; throws when there is none. */
  async admit(user: UserRow): Promise<TModelEndpoint> {
    const endpoint = await this.deps.settings.endpointFor(user.id);
    if (!endpoint) throw new AppError('llm/not_configured', ASSISTANT_MSG.notConfigured);
    const limit = callsPerHourOf(user);
    const window = ASSISTANT_LIMITS.windowSeconds;
    if ((await this.deps.shared.hit(`llm:${user.id}`, window)) > limit) {
      throw new AppError('llm/rate_limited', ASSISTANT_MSG.rateLimited(limit), {
        retryAfterSeconds: window,
      });
    }
    return endpoint;
  }

  private async record(auth: RequestAuth, request: FastifyRequest, call: CallRecord) {
    await this.deps.db.transaction().execute(async (trx) => {
      const id = await insertMessage(trx, {
        userId: auth.user.id,
        kind: call.kind,
        project_id: call.projectId,
        prompt: call.prompt,
        answer: call.answer,
        model: call.endpoint.model,
        outcome: call.error ? 'error' : 'ok',
        error_code: call.error?.code ?? null,
      });
      // The trail says who asked which model and how it went; never the key, nor the text.
      await writeAudit(trx, actorOf(auth, request), {
        action: `llm.${call.kind}`,
        targetType: 'llm_message',
        targetId: id,
        after: {
          model: call.endpoint.model,
          source: call.endpoint.source,
          ownKey: call.endpoint.isOwnKey,
          outcome: call.error ? 'error' : 'ok',
          errorCode: call.error?.code ?? null,
          projectId: call.projectId,
          promptChars: call.prompt.length,
          answerChars: call.answer.length,
        },
      });
    });
  }

  /** The design's estimate, or undefined when it cannot be priced (the prompt then says so). */
  private async estimate(design: TDesign): Promise<TEstimate | undefined> {
    if (!this.deps.prices || design.components.length === 0) return undefined;
    try {
      return estimateDesign(design, await this.deps.prices.current());
    } catch {
      return undefined;
    }
  }

  /** A model call with the deadline; `run` gets the client and the signal. */
  private async withModel<T>(
    endpoint: TModelEndpoint,
    outer: AbortSignal | undefined,
    run: (client: OpenAI, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const { client, close } = openModel(endpoint, this.deps.egress, this.timeoutMs);
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
    try {
      return await run(client, signal);
    } catch (error) {
      throw modelFailure(error, endpoint, deadline.aborted);
    } finally {
      await close();
    }
  }

  /** §7 POST /api/llm/generate. Failures throw GenerateFailure with the placeholder result. */
  async generate(auth: RequestAuth, request: FastifyRequest, body: TGenerateBody) {
    let endpoint: TModelEndpoint;
    try {
      endpoint = await this.admit(auth.user);
    } catch (error) {
      const e = error instanceof AppError ? error : new AppError('internal/error', 'failed');
      throw new GenerateFailure(e, errorResult(e.code, e.message));
    }
    const model = body.model?.trim() || endpoint.model;
    const isDesign = body.task === 'design';
    const system = isDesign ? generateDesignPrompt(body.provider ?? 'aws') : GENERATE_FILES_PROMPT;
    let answer = '';
    try {
      answer = await this.withModel(endpoint, undefined, async (client, signal) => {
        const completion = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: body.prompt },
            ],
          },
          { signal },
        );
        return (completion.choices[0]?.message.content ?? '').slice(
          0,
          ASSISTANT_LIMITS.maxAnswerChars,
        );
      });
      const result = isDesign ? designResult(answer) : { files: filesOfAnswer(answer) };
      await this.record(auth, request, {
        kind: 'generate',
        prompt: body.prompt,
        answer,
        endpoint: { ...endpoint, model },
        projectId: null,
      });
      return { result, model, message: isDesign ? 'The design validates.' : 'Generated.' };
    } catch (error) {
      const e = error instanceof AppError ? error : modelFailure(error, endpoint, false);
      await this.record(auth, request, {
        kind: 'generate',
        prompt: body.prompt,
        answer,
        endpoint: { ...endpoint, model },
        projectId: null,
        error: e,
      });
      throw new GenerateFailure(e, errorResult(e.code, describeFailure(e)));
    }
  }

  /**
   * One chat turn, streamed to `send`: text deltas as they come, then a proposed patch that
   * validated against `design` (or why it did not), then `done` or `error`.
   */
  async chat(
    auth: RequestAuth,
    request: FastifyRequest,
    input: {
      body: TChatBody;
      endpoint: TModelEndpoint;
      design: TDesign;
      source: TChatSource;
      /** The generated code's section of the system message (see codeOf). */
      code?: string[];
      signal: AbortSignal;
      send: (event: TChatEvent) => void;
    },
  ): Promise<void> {
    const { body, endpoint, design, send } = input;
    const model = body.model?.trim() || endpoint.model;
    const messages: ChatCompletionMessageParam[] = [
      {
        role: 'system',
        content: chatSystemPrompt(design, input.source, await this.estimate(design), input.code),
      },
      ...trimConversation(body.messages),
    ];
    let answer = '';
    let error: AppError | undefined;
    try {
      await this.withModel(endpoint, input.signal, async (client, signal) => {
        const stream = await client.chat.completions.create(
          { model, messages, tools: [patchTool()], stream: true },
          { signal },
        );
        const calls = new Map<number, { name: string; args: string }>();
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (!delta) continue;
          if (delta.content) {
            answer += delta.content;
            send({ type: 'delta', text: delta.content });
          }
          for (const call of delta.tool_calls ?? []) {
            const entry = calls.get(call.index) ?? { name: '', args: '' };
            entry.name += call.function?.name ?? '';
            entry.args += call.function?.arguments ?? '';
            calls.set(call.index, entry);
          }
          if (answer.length > ASSISTANT_LIMITS.maxAnswerChars) break;
        }
        for (const call of calls.values()) {
          if (call.name !== PATCH_TOOL_NAME) continue;
          let args: unknown;
          try {
            args = JSON.parse(call.args || '{}');
          } catch {
            send({
              type: 'patch_invalid',
              issues: [{ path: '', message: 'The proposed change is not valid JSON.' }],
            });
            continue;
          }
          const checked = checkDesignPatch(design, args);
          if (checked.ok) {
            answer += `\n[proposed change]\n${checked.changes.join('\n')}`;
            send({ type: 'patch', patch: checked.patch, changes: checked.changes });
          } else {
            answer += '\n[proposed change did not validate]';
            send({ type: 'patch_invalid', issues: [...checked.issues] });
          }
        }
      });
    } catch (failure) {
      error = failure instanceof AppError ? failure : modelFailure(failure, endpoint, false);
    }
    const last = body.messages[body.messages.length - 1];
    await this.record(auth, request, {
      kind: 'chat',
      prompt: last?.content ?? '',
      answer,
      endpoint: { ...endpoint, model },
      projectId: body.projectId ?? null,
      error,
    });
    send(
      error ? { type: 'error', code: error.code, message: error.message } : { type: 'done', model },
    );
  }
}
