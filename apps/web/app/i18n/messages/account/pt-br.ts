import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  signInToContinue: 'Entre para continuar.',
  forgotSent:
    'Se existir uma conta para {email}, enviamos a ela um link para escolher uma nova senha. Confira sua caixa de entrada e também a pasta de spam.',
  forgotAgain: 'Usar outro e-mail',
  resetInvalidCode:
    'Este link de redefinição não funciona mais: expirou ou já foi usado. Peça um novo.',
  resetRequestNew: 'Pedir um novo link',
  resetDone: 'Sua senha foi alterada. Entre com sua nova senha.',

  confirmEmailChecking: 'Confirmando seu e-mail…',
  confirmEmailDoneTitle: 'E-mail confirmado',
  confirmEmailDone: 'Obrigado, seu endereço de e-mail está confirmado.',
  confirmEmailFailedTitle: 'E-mail não confirmado',
  confirmEmailFailed: 'Este link de confirmação expirou ou já foi usado.',
  confirmEmailResendHint: 'Podemos enviar um novo link para seu e-mail.',
  confirmEmailSignInHint: 'Entre para pedir um novo link de confirmação.',
  confirmEmailResend: 'Enviar um novo link',
  signIn: 'Entrar',

  fieldNickname: 'Apelido (opcional)',
  nicknameHint: 'De 3 a 32 letras, dígitos, pontos, hifens ou sublinhados.',
  emailFromProvider: 'Seu e-mail vem da sua conta de login e não pode ser alterado aqui.',
  emailMissing: 'Sua conta de login não compartilhou um e-mail. Você pode continuar jogando.',

  termsAccepted: 'Você aceitou os Termos e Condições.',
  termsPrompt: 'Aceite os Termos e Condições para continuar jogando na Coinfall.',
  termsAccept: 'Aceitar os termos',
  termsSignIn: 'Entre para ler e aceitar os termos.',
  profileLoading: 'Carregando seus dados…',
  profileFailed: 'Não foi possível carregar seus dados. Tente novamente.',

  phoneSend: 'Enviar código',
  phoneHint: 'Formato internacional com o código do país, por exemplo +1 555 010 0000.',
  phoneVerifiedAlready: 'Seu número {phone} está verificado. Você pode verificar um novo.',
  phoneCheckInvalid: 'O valor não é um número de telefone válido',
  phoneCheckShort: 'O número de telefone é curto demais',
  phoneCheckLong: 'O número de telefone é longo demais',
  phoneCheckCountry: 'O número de telefone tem um código de país inválido',
  phoneCodeSent: 'Enviamos um código de 6 dígitos para {phone}.',
  fieldOtpCode: 'Código de verificação',
  otpDigits: 'Digite os 6 dígitos do código.',
  otpInvalid: 'Este código não está correto ou expirou.',
  otpVerify: 'Verificar',
  otpResend: 'Enviar um novo código',
  otpResendIn: 'Você poderá pedir um novo código em {seconds} s.',
  otpResent: 'Um novo código está a caminho.',
  phoneChange: 'Trocar número',
  phoneVerifiedTitle: 'Telefone verificado',
  phoneVerified: 'Obrigado, seu número de telefone está verificado.',

  removeConsequences: 'Ao excluir sua conta:',
  removeBalances: 'suas moedas, bônus e histórico de jogos são perdidos;',
  removeSessions: 'você sai da conta em todos os dispositivos;',
  removeFinal: 'não é possível desfazer.',
  removePasswordHint:
    'Digite sua senha para confirmar. Se você se cadastrou com uma conta social e nunca criou uma senha, deixe em branco.',
  removeSubmit: 'Excluir minha conta',
  removeFailed: 'Não foi possível excluir sua conta. Confira sua senha e tente novamente.',

  socialDivider: 'ou continue com',
  socialContinue: 'Continuar com {name}',
  socialStartFailed: 'Não conseguimos falar com {name}. Tente novamente.',
  socialSignUpTitle: 'Conclua seu cadastro',
  socialSignUpDescription: 'Aceite os termos para criar sua conta na Coinfall.',
  socialSignUpEmail: 'E-mail da sua conta {name}',
  socialSignUpNoEmail: 'Sua conta {name} não compartilhou um e-mail.',
  callbackErrorTitle: 'O login não foi concluído',
  callbackProviderError: 'O login foi cancelado ou o provedor o recusou.',
  callbackExchangeError: 'Não conseguimos fazer seu login com esta conta. Tente novamente.',
  callbackPasswordReset:
    'Nossa equipe redefiniu a senha desta conta. Escolha uma nova pelo link que enviamos por e-mail e entre novamente.',
  callbackThrottled: 'Muitas tentativas, tente novamente em {seconds} s.',
  callbackHome: 'Voltar ao início',
  callbackSignIn: 'Entrar de outra forma',
} satisfies LocaleTexts<typeof en>;

export default ptBr;
