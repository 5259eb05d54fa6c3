import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@stratum/core/messages';
import {
  changePassword,
  login,
  logout,
  register,
  requestPasswordReset,
  resendOtp,
  resetPassword,
  updateProfile,
  verifyOtp,
  verifySession,
} from '@stratum/core/contract/auth/index';
import { RESEND_COOLDOWN_SECONDS } from '@stratum/core/constants';
import { addRoute, type Authenticator } from '../../lib/route';
import { presentUser } from './presenters';
import type { AuthService, ClientInfo } from './service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Reads the bearer token of a request into its session and user. */
export function bearerAuthenticator(service: AuthService): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    return service.authenticate(header.slice(7).trim());
  };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  service: AuthService,
  authenticate: Authenticator,
  authRequestsPerMinute: number,
): void {
  const limited = { rateLimitPerMinute: authRequestsPerMinute };

  addRoute(
    app,
    authenticate,
    register,
    async ({ body, request }) => {
      const user = await service.register(body, clientOf(request));
      return {
        requiresVerification: true,
        user: presentUser(user),
        token: null,
        message: `${MSG.accountCreated} We sent a 6-digit code to ${user.email}.`,
      };
    },
    limited,
  );

  addRoute(
    app,
    authenticate,
    login,
    async ({ body, request }) => {
      const { user, token } = await service.login(body.email, body.password, clientOf(request));
      return { user: presentUser(user), token };
    },
    limited,
  );

  addRoute(
    app,
    authenticate,
    verifyOtp,
    async ({ body, request }) => {
      const { user, token } = await service.verifyCode(body.email, body.code, clientOf(request));
      return { user: presentUser(user), token, message: MSG.emailVerified };
    },
    limited,
  );

  addRoute(
    app,
    authenticate,
    resendOtp,
    async ({ body, request }) => {
      await service.resendCode(body.email, clientOf(request));
      return { message: MSG.codeSent, cooldownSeconds: RESEND_COOLDOWN_SECONDS };
    },
    limited,
  );

  addRoute(app, authenticate, verifySession, ({ auth }) =>
    Promise.resolve({ user: presentUser(auth.user) }),
  );

  addRoute(app, authenticate, updateProfile, async ({ body, auth, request }) => {
    const user = await service.updateProfile(auth.user, body, clientOf(request));
    return { user: presentUser(user) };
  });

  addRoute(app, authenticate, logout, async ({ auth, request }) => {
    await service.logout(auth.user, auth.sessionId, clientOf(request));
    return { message: 'Signed out' };
  });

  addRoute(
    app,
    authenticate,
    changePassword,
    async ({ body, auth, request }) => {
      await service.changePassword(
        auth.user,
        auth.sessionId,
        body.currentPassword,
        body.newPassword,
        clientOf(request),
      );
      return { message: 'Password changed' };
    },
    limited,
  );

  addRoute(
    app,
    authenticate,
    requestPasswordReset,
    async ({ body, request }) => {
      await service.requestPasswordReset(body.email, clientOf(request));
      return { message: MSG.resetRequested };
    },
    limited,
  );

  addRoute(
    app,
    authenticate,
    resetPassword,
    async ({ body, request }) => {
      await service.resetPassword(body.email, body.token, body.newPassword, clientOf(request));
      return { message: MSG.resetSucceeded };
    },
    limited,
  );
}
