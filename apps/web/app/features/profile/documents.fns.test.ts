import { DOCUMENT_MAX_BYTES } from '@coinfall/shared/contracts/documents';
import { canDeleteDocument, uploadPercent, uploadProblem } from './documents.fns.ts';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('uploadProblem', () => {
  it('accepts JPEG, PNG, WebP and PDF up to the size limit', () => {
    expect(uploadProblem(file('id.jpg', 'image/jpeg', 1000))).toBeUndefined();
    expect(uploadProblem(file('id.png', 'image/png', DOCUMENT_MAX_BYTES))).toBeUndefined();
    expect(uploadProblem(file('id.webp', 'image/webp', 10))).toBeUndefined();
    expect(uploadProblem(file('id.pdf', 'application/pdf', 10))).toBeUndefined();
  });

  it('refuses a missing, empty, too large or other file before sending it', () => {
    expect(uploadProblem(null)).toBe('missing');
    expect(uploadProblem(file('id.png', 'image/png', 0))).toBe('empty');
    expect(uploadProblem(file('id.png', 'image/png', DOCUMENT_MAX_BYTES + 1))).toBe('tooLarge');
    expect(uploadProblem(file('clip.mp4', 'video/mp4', 10))).toBe('wrongType');
    expect(uploadProblem(file('id.gif', 'image/gif', 10))).toBe('wrongType');
  });

  it('goes by the extension when the browser gives no type', () => {
    expect(uploadProblem(file('scan.PDF', '', 10))).toBeUndefined();
    expect(uploadProblem(file('notes.txt', '', 10))).toBe('wrongType');
  });
});

describe('uploadPercent', () => {
  it('gives whole percents within 0 to 100', () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(101, 200)).toBe(50);
    expect(uploadPercent(200, 200)).toBe(100);
    expect(uploadPercent(300, 200)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});

describe('canDeleteDocument', () => {
  it('allows deleting only pending or rejected documents', () => {
    expect(canDeleteDocument({ status: 2 })).toBe(true);
    expect(canDeleteDocument({ status: 3 })).toBe(true);
    expect(canDeleteDocument({ status: 1 })).toBe(false);
    expect(canDeleteDocument({ status: 4 })).toBe(false);
  });
});
