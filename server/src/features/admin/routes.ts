import type { FastifyInstance } from 'fastify';
import { changeUserCredits } from '@stratum/core/contract/admin/change-user-credits';
import { changeUserPlan } from '@stratum/core/contract/admin/change-user-plan';
import { changeUserRole } from '@stratum/core/contract/admin/change-user-role';
import { deleteUser } from '@stratum/core/contract/admin/delete-user';
import { listUsers } from '@stratum/core/contract/admin/list-users';
import { setUserDisabled } from '@stratum/core/contract/admin/set-user-disabled';
import { actorOf } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { AdminUsersService, type AdminDeps } from './service';

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: AdminDeps,
  authenticate: Authenticator,
): void {
  const service = new AdminUsersService(deps);

  addRoute(app, authenticate, listUsers, async ({ auth, query }) => {
    requireStaff(auth, 'users.read');
    const { items, total } = await service.list(query);
    return { data: { items, total, page: query.page, pageSize: query.pageSize } };
  });

  addRoute(app, authenticate, changeUserRole, async ({ auth, params, body, request }) => {
    requireStaff(auth, 'users.role');
    return {
      data: { user: await service.changeRole(actorOf(auth, request), params.id, body.role) },
    };
  });

  addRoute(app, authenticate, changeUserPlan, async ({ auth, params, body, request }) => {
    requireStaff(auth, 'users.plan');
    const actor = actorOf(auth, request);
    return {
      data: { user: await service.changePlan(actor, params.id, body.planId, body.duration) },
    };
  });

  addRoute(app, authenticate, changeUserCredits, async ({ auth, params, body, request }) => {
    requireStaff(auth, 'users.credits');
    const actor = actorOf(auth, request);
    return { data: { user: await service.changeCredits(actor, params.id, body.credits) } };
  });

  addRoute(app, authenticate, setUserDisabled, async ({ auth, params, body, request }) => {
    requireStaff(auth, 'users.disable');
    const actor = actorOf(auth, request);
    return { data: { user: await service.setDisabled(actor, params.id, body.isDisabled) } };
  });

  addRoute(app, authenticate, deleteUser, async ({ auth, params, request }) => {
    requireStaff(auth, 'users.delete');
    await service.delete(actorOf(auth, request), params.id);
    return { message: 'User deleted' };
  });
}
