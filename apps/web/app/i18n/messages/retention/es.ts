import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  loading: 'Cargando…',
  loadFailed: 'No se pudo cargar.',
  retry: 'Reintentar',
  previous: 'Anterior',
  next: 'Siguiente',
  page: 'Página {page} de {pages}',
  pagination: 'Páginas',
  signIn: 'Iniciar sesión',
  signUp: 'Registrarse',

  chainsTitle: 'Cadenas de misiones',
  singleTitle: 'Misiones',
  activating: 'Activando…',
  activateFailed: 'No se pudo activar esta misión: puede que haya terminado o que ya esté activa.',
  activated: 'Misión activada. Tu progreso cuenta desde ahora.',
  taskProgress: '{progress} de {target}',
  stepOf: 'Paso {step}: {name}',
  lockedNotReached: 'Se abre cuando termines el paso anterior.',
  lockedEnded: 'Este paso ya no se puede hacer.',
  chainReward: 'Recompensa de la cadena',
  awardedOn: 'Recibida el {date}',
  completedOn: 'Completada el {date}',
  time_days: '{days} d {hours} h',
  time_hours: '{hours} h {minutes} min',
  time_minutes: '{minutes} min {seconds} s',
  reward_points: '{points} puntos de fidelidad',
  reward_bonus: 'Bono: {name}',
  reward_freespins: 'Giros gratis: {name}',

  positionTitle: 'Tu posición',
  points: '{points} puntos',
  sublevelFrom: 'Desde {points} puntos',
  levelsTitle: 'Niveles',
  vipBadge: 'VIP',
  current: 'Estás aquí',
  reached: 'Alcanzado',
  noReward: 'Sin recompensa',
  rewardFreeSpins: '{count} giros gratis en {game}',
  rewardWagering: 'juega {times}× antes de canjear',
  earnTitle: 'Cómo ganas puntos',
  earnSweeps:
    'Sweeps Coins: 1 punto por cada {slot} SC jugados en tragamonedas, {original} SC en originales, {table} SC en juegos de mesa.',
  earnGold:
    'Monedas de Oro: 1 punto por cada {slot} GC jugados en tragamonedas, {original} GC en originales, {table} GC en juegos de mesa.',
  earnPurchase:
    'Compras: {points} puntos por cada US$1 de un paquete de Monedas de Oro completado.',
  earnQuests: 'Misiones: algunas misiones dan puntos de fidelidad.',
  earnNeverDown:
    'Los puntos del juego nunca bajan, y cada recompensa de subnivel se da una sola vez.',
  signUpCall: 'Crea una cuenta para empezar a ganar puntos y subir de nivel.',
  headerLevel: 'Nivel de fidelidad: {level}, {sublevel}',

  vipProgrammeTitle: 'Niveles VIP',
  vipDailyBonus: 'Bono diario: {percent}% del importe base',
  vipRakeback:
    'Rakeback: {percent}% de la ventaja de la casa de tus apuestas liquidadas, acreditado cada día a las {hour}:00 UTC como un bono para reclamar',
  vipHost: 'Un anfitrión personal a quien contactar',
  vipNoHost: 'Sin anfitrión personal',
  vipYours: 'Tus beneficios',
  vipNotYet:
    'Todavía no estás en el club VIP. Alcanza {level} en la escalera de fidelidad para unirte.',
  vipRakebackAccrued: 'Rakeback acumulado hoy: {amounts}',
  vipRakebackNone: 'Aún no hay rakeback desde el último abono.',
  vipNextCredit: 'Próximo abono: {date}',
  vipHostTitle: 'Tu anfitrión personal',
  vipHostHours: 'Horario: {hours}',
  vipSeeLadder: 'Ver la escalera de fidelidad',
  vipEmpty: 'El programa VIP no tiene niveles por ahora.',

  rewardModalTitle: 'Una recompensa por alcanzar {level}',
  rewardModalBonus: 'Alcanzar {level} {sublevel} te dio {name}. Lo encontrarás en tus bonos.',
  rewardModalFreeSpins: 'Alcanzar {level} {sublevel} te dio {count} giros gratis en {game}.',
  rewardModalBonuses: 'Abrir mis bonos',
  rewardModalPlay: 'Jugar a {game}',
} satisfies LocaleTexts<typeof en>;

export default es;
