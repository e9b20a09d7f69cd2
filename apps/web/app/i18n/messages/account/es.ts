import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  signInToContinue: 'Inicia sesión para continuar.',
  forgotSent:
    'Si existe una cuenta para {email}, le hemos enviado un enlace para elegir una nueva contraseña. Revisa tu bandeja de entrada y también la carpeta de spam.',
  forgotAgain: 'Usar otro correo',
  resetInvalidCode:
    'Este enlace de restablecimiento ya no funciona: caducó o ya se usó. Pide uno nuevo.',
  resetRequestNew: 'Pedir un nuevo enlace',
  resetDone: 'Tu contraseña se ha cambiado. Inicia sesión con tu nueva contraseña.',

  confirmEmailChecking: 'Confirmando tu correo…',
  confirmEmailDoneTitle: 'Correo confirmado',
  confirmEmailDone: 'Gracias, tu dirección de correo está confirmada.',
  confirmEmailFailedTitle: 'Correo sin confirmar',
  confirmEmailFailed: 'Este enlace de confirmación caducó o ya se usó.',
  confirmEmailResendHint: 'Podemos enviarte un nuevo enlace por correo.',
  confirmEmailSignInHint: 'Inicia sesión para pedir un nuevo enlace de confirmación.',
  confirmEmailResend: 'Enviar un nuevo enlace',
  signIn: 'Iniciar sesión',

  fieldNickname: 'Apodo (opcional)',
  nicknameHint: 'De 3 a 32 letras, dígitos, puntos, guiones o guiones bajos.',
  emailFromProvider: 'Tu correo viene de tu cuenta de inicio de sesión y no se puede cambiar aquí.',
  emailMissing: 'Tu cuenta de inicio de sesión no compartió un correo. Puedes seguir jugando.',

  termsAccepted: 'Has aceptado los Términos y Condiciones.',
  termsPrompt: 'Acepta los Términos y Condiciones para seguir jugando en Coinfall.',
  termsAccept: 'Aceptar los términos',
  termsSignIn: 'Inicia sesión para revisar y aceptar los términos.',
  profileLoading: 'Cargando tus datos…',
  profileFailed: 'No se pudieron cargar tus datos. Inténtalo de nuevo.',

  phoneSend: 'Enviar código',
  phoneHint: 'Formato internacional con el código de país, por ejemplo +1 555 010 0000.',
  phoneVerifiedAlready: 'Tu número {phone} está verificado. Puedes verificar uno nuevo.',
  phoneCheckInvalid: 'El valor no es un número de teléfono válido',
  phoneCheckShort: 'El número de teléfono es demasiado corto',
  phoneCheckLong: 'El número de teléfono es demasiado largo',
  phoneCheckCountry: 'El número de teléfono tiene un código de país no válido',
  phoneCodeSent: 'Enviamos un código de 6 dígitos al {phone}.',
  fieldOtpCode: 'Código de verificación',
  otpDigits: 'Introduce los 6 dígitos del código.',
  otpInvalid: 'Este código no es correcto o ha caducado.',
  otpVerify: 'Verificar',
  otpResend: 'Enviar un nuevo código',
  otpResendIn: 'Podrás pedir un nuevo código en {seconds} s.',
  otpResent: 'Un nuevo código está en camino.',
  phoneChange: 'Cambiar número',
  phoneVerifiedTitle: 'Teléfono verificado',
  phoneVerified: 'Gracias, tu número de teléfono está verificado.',

  removeConsequences: 'Al eliminar tu cuenta:',
  removeBalances: 'pierdes tus monedas, bonos e historial de juego;',
  removeSessions: 'se cierra tu sesión en todos los dispositivos;',
  removeFinal: 'no se puede deshacer.',
  removePasswordHint:
    'Introduce tu contraseña para confirmar. Si te registraste con una cuenta social y nunca creaste una contraseña, déjala vacía.',
  removeSubmit: 'Eliminar mi cuenta',
  removeFailed: 'No se pudo eliminar tu cuenta. Revisa tu contraseña e inténtalo de nuevo.',

  socialDivider: 'o continúa con',
  socialContinue: 'Continuar con {name}',
  socialStartFailed: 'No pudimos conectar con {name}. Inténtalo de nuevo.',
  socialSignUpTitle: 'Termina tu registro',
  socialSignUpDescription: 'Acepta los términos para crear tu cuenta de Coinfall.',
  socialSignUpEmail: 'Correo de tu cuenta de {name}',
  socialSignUpNoEmail: 'Tu cuenta de {name} no compartió un correo.',
  callbackErrorTitle: 'El inicio de sesión no terminó',
  callbackProviderError: 'El inicio de sesión se canceló o el proveedor lo rechazó.',
  callbackExchangeError: 'No pudimos iniciar tu sesión con esta cuenta. Inténtalo de nuevo.',
  callbackPasswordReset:
    'Nuestro equipo restableció la contraseña de esta cuenta. Elige una nueva con el enlace que te enviamos por correo y vuelve a iniciar sesión.',
  callbackThrottled: 'Demasiados intentos, inténtalo de nuevo en {seconds} s.',
  callbackHome: 'Volver al inicio',
  callbackSignIn: 'Iniciar sesión de otra forma',
} satisfies LocaleTexts<typeof en>;

export default es;
