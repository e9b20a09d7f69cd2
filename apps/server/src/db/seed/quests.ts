import type { LocalizedText, QuestReward, QuestTaskKind } from '@coinfall/shared';
import { inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { questPackages, quests, questTasks } from '../schema/index.ts';

interface TaskSeed {
  kind: QuestTaskKind;
  name: LocalizedText;
  target: number;
  currency?: string;
  gameIdentities?: string[];
  collection?: string;
  minMultiplier?: number;
}

interface QuestSeed {
  identity: string;
  name: LocalizedText;
  description: LocalizedText;
  activation?: 'auto' | 'manual';
  reward: QuestReward;
  tasks: TaskSeed[];
}

const t = (en: string, es: string, ptBr: string): LocalizedText => ({ en, es, 'pt-br': ptBr });
const gc = (coins: number): QuestReward => ({ kind: 'coins', currency: 'GC', amount: coins * 100 });

/** The demo single quests (issue 15): one manual; every reward kind but loyalty points. */
export const QUEST_SEED: QuestSeed[] = [
  {
    identity: 'first-rounds',
    name: t('First rounds', 'Primeras rondas', 'Primeiras rodadas'),
    description: t(
      'Play 10 rounds of any game.',
      'Juega 10 rondas de cualquier juego.',
      'Jogue 10 rodadas de qualquer jogo.',
    ),
    reward: gc(500),
    tasks: [
      { kind: 'play-rounds', target: 10, name: t('Play rounds', 'Juega rondas', 'Jogue rodadas') },
    ],
  },
  {
    identity: 'dice-roller',
    name: t('Dice roller', 'Lanzador de dados', 'Lançador de dados'),
    description: t(
      'Activate it, then play 5 rounds of Dice and wager 100 Gold Coins on it.',
      'Actívala y luego juega 5 rondas de Dice y apuesta 100 Gold Coins en él.',
      'Ative-a e depois jogue 5 rodadas de Dice e aposte 100 Gold Coins nele.',
    ),
    activation: 'manual',
    reward: { kind: 'bonus', bonusSlug: 'quest-reward-gc' },
    tasks: [
      {
        kind: 'play-rounds',
        target: 5,
        gameIdentities: ['dice'],
        name: t('Play Dice rounds', 'Juega rondas de Dice', 'Jogue rodadas de Dice'),
      },
      {
        kind: 'wager',
        target: 10_000,
        currency: 'GC',
        gameIdentities: ['dice'],
        name: t('Wager on Dice', 'Apuesta en Dice', 'Aposte no Dice'),
      },
    ],
  },
  {
    identity: 'originals-multiplier',
    name: t('Double up', 'Doble o nada', 'Dobre a aposta'),
    description: t(
      'Win at least 2× your bet on a Coinfall Original.',
      'Gana al menos 2× tu apuesta en un Coinfall Original.',
      'Ganhe pelo menos 2× a sua aposta em um Coinfall Original.',
    ),
    reward: { kind: 'freespins', bonusSlug: 'quest-freespins' },
    tasks: [
      {
        kind: 'win-multiplier',
        target: 1,
        collection: 'originals',
        minMultiplier: 200,
        name: t('Win 2× or more', 'Gana 2× o más', 'Ganhe 2× ou mais'),
      },
    ],
  },
  {
    identity: 'verified-player',
    name: t('Verified player', 'Jugador verificado', 'Jogador verificado'),
    description: t(
      'Confirm your email and phone and complete your profile.',
      'Confirma tu email y tu teléfono y completa tu perfil.',
      'Confirme seu email e seu telefone e complete seu perfil.',
    ),
    reward: gc(1000),
    tasks: [
      {
        kind: 'verify-email',
        target: 1,
        name: t('Confirm your email', 'Confirma tu email', 'Confirme seu email'),
      },
      {
        kind: 'verify-phone',
        target: 1,
        name: t('Confirm your phone', 'Confirma tu teléfono', 'Confirme seu telefone'),
      },
      {
        kind: 'complete-profile',
        target: 1,
        name: t('Complete your profile', 'Completa tu perfil', 'Complete seu perfil'),
      },
    ],
  },
  {
    identity: 'regular-visitor',
    name: t('Regular visitor', 'Visitante habitual', 'Visitante frequente'),
    description: t(
      'Log in on 3 different days.',
      'Inicia sesión en 3 días distintos.',
      'Entre em 3 dias diferentes.',
    ),
    reward: gc(750),
    tasks: [
      {
        kind: 'login-days',
        target: 3,
        name: t('Days logged in', 'Días con sesión', 'Dias com login'),
      },
    ],
  },
  {
    identity: 'first-purchase',
    name: t('First bundle', 'Primer paquete', 'Primeiro pacote'),
    description: t(
      'Buy any coin bundle.',
      'Compra cualquier paquete de monedas.',
      'Compre qualquer pacote de moedas.',
    ),
    reward: gc(2000),
    tasks: [
      {
        kind: 'purchase',
        target: 1,
        name: t('Buy a bundle', 'Compra un paquete', 'Compre um pacote'),
      },
    ],
  },
];

/** The demo chain: three steps, each opened by the one before, and a final bonus. */
export const QUEST_PACKAGE_SEED = {
  identity: 'getting-started',
  name: t('Getting started', 'Primeros pasos', 'Primeiros passos'),
  description: t(
    'Three steps to find your way around the games.',
    'Tres pasos para conocer los juegos.',
    'Três passos para conhecer os jogos.',
  ),
  reward: { kind: 'bonus', bonusSlug: 'quest-reward-gc' } as QuestReward,
  steps: [
    {
      identity: 'getting-started-1',
      name: t('Warm up', 'Calentamiento', 'Aquecimento'),
      description: t('Play 3 rounds.', 'Juega 3 rondas.', 'Jogue 3 rodadas.'),
      reward: gc(200),
      tasks: [
        { kind: 'play-rounds', target: 3, name: t('Play rounds', 'Juega rondas', 'Jogue rodadas') },
      ],
    },
    {
      identity: 'getting-started-2',
      name: t('Explorer', 'Explorador', 'Explorador'),
      description: t(
        'Play 2 different games.',
        'Juega 2 juegos distintos.',
        'Jogue 2 jogos diferentes.',
      ),
      reward: gc(300),
      tasks: [
        {
          kind: 'play-distinct-games',
          target: 2,
          name: t('Different games', 'Juegos distintos', 'Jogos diferentes'),
        },
      ],
    },
    {
      identity: 'getting-started-3',
      name: t('Winner', 'Ganador', 'Vencedor'),
      description: t(
        'Win 50 Gold Coins in all.',
        'Gana 50 Gold Coins en total.',
        'Ganhe 50 Gold Coins no total.',
      ),
      reward: gc(500),
      tasks: [
        {
          kind: 'win',
          target: 5_000,
          currency: 'GC',
          name: t('Win Gold Coins', 'Gana Gold Coins', 'Ganhe Gold Coins'),
        },
      ],
    },
  ] satisfies QuestSeed[],
};

const taskRows = (questId: number, tasks: TaskSeed[]) =>
  tasks.map((task, i) => ({
    questId,
    position: i + 1,
    kind: task.kind,
    name: task.name,
    target: task.target,
    currency: task.currency ?? null,
    gameIdentities: task.gameIdentities ?? null,
    collection: task.collection ?? null,
    minMultiplier: task.minMultiplier ?? null,
  }));

/**
 * Idempotent like the rest of the seed: a definition that exists (by identity) is left as the
 * back office may have changed it, tasks and all; only missing ones are added.
 */
export async function seedQuests(tx: Database): Promise<void> {
  const { steps, ...chain } = QUEST_PACKAGE_SEED;
  await tx
    .insert(questPackages)
    .values(chain)
    .onConflictDoNothing({ target: questPackages.identity });
  const [pkg] = await tx
    .select({ id: questPackages.id })
    .from(questPackages)
    .where(inArray(questPackages.identity, [chain.identity]));
  if (!pkg) throw new Error('quest package seed missing');
  const all = [
    ...QUEST_SEED.map((q) => ({ seed: q, packageId: null, position: null })),
    ...steps.map((q, i) => ({ seed: q as QuestSeed, packageId: pkg.id, position: i + 1 })),
  ];
  for (const { seed, packageId, position } of all) {
    const { tasks, ...quest } = seed;
    const [inserted] = await tx
      .insert(quests)
      .values({ ...quest, packageId, position })
      .onConflictDoNothing({ target: quests.identity })
      .returning({ id: quests.id });
    if (inserted) await tx.insert(questTasks).values(taskRows(inserted.id, tasks));
  }
}
