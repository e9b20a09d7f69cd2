import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  close: 'Cerrar',
  ok: 'Aceptar',
  cancel: 'Cancelar',
  accountsSoon: 'Las cuentas abren pronto',
  accountsSoonHint:
    'El registro y el inicio de sesión aún no están abiertos, por eso este formulario no se puede enviar.',
  soonBadge: 'Próximamente',

  fieldEmail: 'Correo electrónico',
  fieldPassword: 'Contraseña',
  fieldNewPassword: 'Nueva contraseña',
  fieldRepeatPassword: 'Repite la nueva contraseña',
  fieldFirstName: 'Nombre',
  fieldLastName: 'Apellido',
  fieldPhone: 'Número de teléfono',
  fieldBirthdate: 'Fecha de nacimiento',
  fieldAddress: 'Dirección',
  fieldCity: 'Ciudad',
  fieldRegion: 'Estado',
  fieldPostalCode: 'Código postal',
  fieldCountry: 'País',
  fieldAgreements: 'Tengo al menos 18 años y acepto los Términos y Condiciones',
  fieldReceiveEmailPromo: 'Envíame ofertas por correo electrónico',

  checkRequired: 'El valor es obligatorio',
  checkEmail: 'El valor no es un correo electrónico válido',
  checkMin: 'Este campo debe tener al menos {min} caracteres',
  checkMatches: 'Las contraseñas no coinciden',
  checkAccepted: 'Debes aceptarlo',
  formSending: 'Espera un momento…',
  formFailed: 'Algo salió mal. Inténtalo de nuevo.',
  signInInvalid: 'El correo electrónico o la contraseña no son correctos.',
  tooManyAttempts: 'Demasiados intentos, inténtalo de nuevo en {seconds} s.',

  signUpTitle: 'Crea tu cuenta',
  signUpDescription: 'Únete a Coinfall con tu correo electrónico y una contraseña.',
  signUpSubmit: 'Registrarse',
  signUpHaveAccount: '¿Ya tienes una cuenta?',
  signInTitle: 'Iniciar sesión',
  signInDescription: 'Hola de nuevo. Inicia sesión con tu correo electrónico y contraseña.',
  signInSubmit: 'Iniciar sesión',
  signInNoAccount: '¿Eres nuevo en Coinfall?',
  signInForgot: '¿Olvidaste tu contraseña?',
  createAccountLink: 'Crear una cuenta',
  forgotTitle: '¿Olvidaste tu contraseña?',
  forgotDescription:
    'Introduce tu correo electrónico y te enviaremos un enlace para elegir una nueva contraseña.',
  forgotSubmit: 'Enviar enlace',
  backToSignIn: 'Volver a iniciar sesión',
  resetTitle: 'Elige una nueva contraseña',
  resetDescription: 'Elige una nueva contraseña de al menos 6 caracteres.',
  resetSubmit: 'Guardar contraseña',
  resetNeedsLink:
    'Abre el enlace del correo de restablecimiento de contraseña para usar este formulario.',
  userNameTitle: 'Completa tus datos',
  userNameDescription: 'Dinos tu nombre y acepta los términos para continuar.',
  userNameEmailDescription:
    'Dinos tu nombre y tu correo electrónico y acepta los términos para continuar.',
  userNameSubmit: 'Continuar',
  verifyPhoneTitle: 'Verifica tu teléfono',
  verifyPhoneDescription: 'Te enviaremos un código por SMS para confirmar tu número de teléfono.',
  verifyPhoneSubmit: 'Enviar código',
  profileTitle: 'Completa tu perfil',
  profileDescription:
    'Necesitamos estos datos antes de que puedas comprar monedas o canjear premios.',
  profileSubmit: 'Guardar perfil',

  successTitle: 'Listo',
  successDescription: 'Todo salió bien.',
  errorTitle: 'Algo salió mal',
  errorDescription: 'Vuelve a intentarlo en un momento.',
  errorCode: 'Código de error: {code}',
  confirmTitle: '¿Estás seguro?',
  confirmDescription: 'Confirma para continuar.',
  confirmYes: 'Confirmar',

  profileTermsTitle: 'Términos y Condiciones',
  profileTermsDescription: 'Los términos que aceptas al jugar en Coinfall.',
  profileTermsEmpty: 'Aquí se mostrarán los Términos y Condiciones completos.',
  maintenanceTitle: 'Volvemos enseguida',
  maintenanceDescription:
    'Coinfall está en mantenimiento programado. Vuelve a intentarlo en breve.',
  kycVerifiedTitle: 'Identidad verificada',
  kycVerifiedDescription: 'Gracias. Tu identidad ha sido verificada.',
  removeAccountTitle: 'Eliminar cuenta',
  removeAccountDescription: 'Eliminar tu cuenta la cierra para siempre.',
  removeAccountEmpty:
    'Las cuentas aún no están abiertas. Aquí estarán los pasos para eliminar la tuya.',
  registerCancelTitle: '¿Dejar el registro?',
  registerCancelDescription: '¿Seguro que quieres dejar de registrarte?',
  registerCancelKeep: 'Seguir registrándome',
  registerCancelLeave: 'Salir',
} satisfies LocaleTexts<typeof en>;

export default es;
