import {
  sendContactMessage,
  type TSendContactMessageInput,
} from '@stratum/core/contract/contact/send-contact-message';
import { callApi } from '../../../lib/api-client';

/** POST /api/contact (a signed-out page: a plain call, the form's `isSubmitting` is pending). */
export const submitContactMessage = (body: TSendContactMessageInput) =>
  callApi(sendContactMessage, { body });
