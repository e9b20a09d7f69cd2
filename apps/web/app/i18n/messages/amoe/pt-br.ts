import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  title: 'Participação gratuita por correio',
  intro:
    'Nenhuma compra é necessária: você pode receber Sweeps Coins enviando uma solicitação pelo correio. Gere aqui um código de solicitação e escreva-o na sua solicitação.',
  generate: 'Gerar um código de solicitação',
  terms:
    'Cada solicitação válida credita {amount} quando é recebida e registrada. Uma solicitação por envelope; no máximo {perDay} por dia e {perMonth} por mês pelo carimbo postal. Um código é de uso único e vale {days} dias; você pode ter {unused} códigos não usados.',
  howTo:
    'Em uma folha de papel, escreva à mão seu nome completo, o e-mail da sua conta e o código, e envie em um envelope próprio para o endereço indicado nas Regras do sorteio.',
  none: 'Você ainda não tem códigos de solicitação.',
  codesLabel: 'Seus códigos de solicitação',
  statusUnused: 'Não usado',
  statusUsed: 'Creditado',
  statusExpired: 'Expirado',
  expires: 'válido até {date}',
  rulesLink: 'Leia as Regras do sorteio (participação gratuita por correio)',
} satisfies LocaleTexts<typeof en>;
export default ptBr;
