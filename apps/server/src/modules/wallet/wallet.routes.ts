import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWalletAccountBodySchema,
  walletAccountIdParamsSchema,
  walletAccountListSchema,
  walletAccountSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { WalletService } from './wallet.service.ts';

/** Wallet accounts (spec §7 Wallet): every route needs a logged-in player. */
export function walletRoutes(
  wallet: WalletService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['wallet'];
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', requireAuth);

    app.get(
      '/accounts',
      {
        schema: {
          tags,
          security,
          summary: 'The player’s accounts, balances in minor units and in the base currency',
          response: { 200: walletAccountListSchema },
        },
      },
      (request) => wallet.list(actorOf(request)),
    );

    app.post(
      '/accounts',
      {
        schema: {
          tags,
          security,
          summary: 'Open an account in an enabled currency (one per currency)',
          body: createWalletAccountBodySchema,
          response: { 200: walletAccountSchema },
        },
      },
      (request) => wallet.create(actorOf(request), request.body),
    );

    app.put(
      '/accounts/:id/switch',
      {
        schema: {
          tags,
          security,
          summary: 'Make this the active account; every other account becomes inactive',
          params: walletAccountIdParamsSchema,
          response: { 200: walletAccountSchema },
        },
      },
      (request) => wallet.switch(actorOf(request), request.params.id),
    );

    app.put(
      '/accounts/:id/hide',
      {
        schema: {
          tags,
          security,
          summary: 'Hide an inactive account from the list (the active one cannot be hidden)',
          params: walletAccountIdParamsSchema,
          response: { 200: walletAccountSchema },
        },
      },
      (request) => wallet.hide(actorOf(request), request.params.id),
    );
  };
}
