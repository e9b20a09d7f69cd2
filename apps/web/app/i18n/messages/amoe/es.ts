import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  title: 'Participación gratuita por correo',
  intro:
    'No es necesaria ninguna compra: puedes recibir Sweeps Coins enviando una solicitud por correo postal. Genera aquí un código de solicitud y escríbelo en tu solicitud.',
  generate: 'Generar un código de solicitud',
  terms:
    'Cada solicitud válida acredita {amount} cuando se recibe y se registra. Una solicitud por sobre; como máximo {perDay} al día y {perMonth} al mes según el matasellos. Un código es de un solo uso y vale {days} días; puedes tener {unused} códigos sin usar.',
  howTo:
    'En una hoja de papel, escribe a mano tu nombre completo, el correo electrónico de tu cuenta y el código, y envíalo en su propio sobre a la dirección indicada en las Reglas del sorteo.',
  none: 'Todavía no tienes códigos de solicitud.',
  codesLabel: 'Tus códigos de solicitud',
  statusUnused: 'Sin usar',
  statusUsed: 'Acreditado',
  statusExpired: 'Caducado',
  expires: 'válido hasta el {date}',
  rulesLink: 'Lee las Reglas del sorteo (participación gratuita por correo)',
} satisfies LocaleTexts<typeof en>;
export default es;
