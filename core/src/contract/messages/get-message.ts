import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZMessageResponse } from './message';

/** One message of the inbox (opening it marks it read) or of the sent box. */
export const getMessage = defineEndpoint({
  method: 'GET',
  path: '/api/messages/:id',
  summary: 'Open one message',
  auth: true,
  params: ZIdParams,
  response: ZMessageResponse,
});
