/**
 * What other features may put in users' inboxes. The messages feature owns the `messages`
 * table and is its only writer; it implements this and the app hands it to subscription
 * (request decisions, new requests) and contact (the public form). `TTransaction` lets a
 * caller deliver inside its own transaction, so the message and its cause commit together.
 */
export interface Inbox<TTransaction> {
  /** A system message from "Stratum" to one user. */
  sendSystem(
    trx: TTransaction,
    recipient: { id: string; firstName: string; lastName: string },
    message: { subject: string; body: string },
  ): Promise<void>;
  /**
   * A copy in the inbox of every active staff member: a system notice, or a contact-form
   * message (with the sender's name and address and the stored contact message's id).
   * Answers how many inboxes received it.
   */
  notifyStaff(trx: TTransaction, message: StaffNotice): Promise<number>;
}

export type StaffNotice =
  | { kind: 'system'; subject: string; body: string }
  | {
      kind: 'contact';
      subject: string;
      body: string;
      senderName: string;
      senderEmail: string;
      contactMessageId: string;
    };

/** The sender name of system messages. */
export const SYSTEM_SENDER = 'Stratum';
