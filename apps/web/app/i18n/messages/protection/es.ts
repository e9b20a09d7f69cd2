import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  sectionTitle: 'Tómate un descanso o autoexclúyete',
  sectionIntro:
    'Aléjate del juego por un tiempo. Hasta que termine no podrás iniciar sesión, jugar, comprar monedas, reclamar bonos ni canjear premios. Nadie puede acortarlo, ni siquiera nuestro equipo de soporte.',
  breakLegend: 'Tomar un descanso',
  breakDay: '1 día',
  breakDays: '{days} días',
  exclusionLegend: 'Autoexcluirme',
  exclusion_6m: '6 meses',
  exclusion_1y: '1 año',
  exclusion_3y: '3 años',
  exclusion_5y: '5 años',
  exclusion_indefinite: 'Indefinidamente',
  chooseOne: 'Elige cuánto tiempo',
  continue: 'Continuar',
  confirmTitle: 'Confirma, por favor',
  confirmEnds:
    'Cerraremos tu sesión en todos tus dispositivos ahora y no podrás iniciar sesión hasta el {date}. Cualquier ronda de juego abierta se reembolsa. No se puede acortar.',
  confirmIndefinite:
    'Cerraremos tu sesión en todos tus dispositivos ahora y no podrás iniciar sesión. Una autoexclusión indefinida solo se levanta a petición tuya por escrito, no antes de 6 meses desde hoy, y 7 días después de pedirlo. Cualquier ronda de juego abierta se reembolsa.',
  confirmButton: 'Sí, empezar ahora',
  cancel: 'Cancelar',
  failed: 'No se pudo iniciar. Inténtalo de nuevo.',
  starting: 'Iniciando…',

  excludedTitle: 'Te estás tomando un descanso',
  excludedUntil: 'Tu cuenta vuelve a abrirse el {date}.',
  excludedIndefinite:
    'Tu autoexclusión no tiene fecha de fin. Puede levantarse a petición tuya por escrito, como pronto 6 meses después de empezar.',
  excludedContact: 'Contáctanos',

  realitySectionTitle: 'Controles de realidad',
  realitySectionIntro:
    'Mientras juegas, te recordamos cuánto tiempo llevas jugando y lo que has ganado o perdido en esta sesión, y te preguntamos si quieres seguir. Una sesión termina tras 30 minutos sin ninguna ronda.',
  realityIntervalLabel: 'Recordármelo cada',
  realityOff: 'Desactivado',
  realityMinutes: '{minutes} minutos',
  realitySave: 'Guardar',
  realitySaved: 'Guardado: un control de realidad cada {minutes} minutos.',
  realitySavedOff: 'Guardado: los controles de realidad están desactivados.',
  realitySaveFailed: 'No se ha podido guardar. Inténtalo de nuevo.',
  realityLoadFailed: 'No se ha podido cargar tu ajuste de control de realidad.',
  realityTitle: 'Control de realidad',
  realityPlayedFor: 'Llevas jugando {time}.',
  realityResultTitle: 'Tu resultado en esta sesión',
  realityNoResult: 'Todavía no ha terminado ninguna ronda.',
  realityResultLine: 'Jugado {staked}, ganado {won}',
  realityQuestion: '¿Quieres seguir jugando?',
  realityContinue: 'Seguir jugando',
  realityStop: 'Dejar de jugar',
  realitySetLimit: 'Poner un límite',
  realityFailed: 'No se ha podido guardar tu respuesta. Inténtalo de nuevo.',
} satisfies LocaleTexts<typeof en>;

export default es;
