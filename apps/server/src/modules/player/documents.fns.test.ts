import { DocumentStatus } from '@coinfall/shared';
import {
  acceptedMime,
  canDelete,
  canUpload,
  downloadName,
  verificationState,
} from './documents.fns.ts';

const { Pending, Rejected, Approved, Uploaded } = DocumentStatus;

describe('verificationState', () => {
  it('is none without documents', () => expect(verificationState([])).toBe('none'));
  it('is rejected when every document is rejected', () =>
    expect(verificationState([Rejected, Rejected])).toBe('rejected'));
  it('is pending when any document is pending', () =>
    expect(verificationState([Rejected, Pending])).toBe('pending'));
  it('counts an uploaded document as pending', () => {
    expect(verificationState([Uploaded, Rejected])).toBe('pending');
    expect(verificationState([Approved, Pending])).toBe('pending');
  });
  it('is approved once staff approved one and none waits', () => {
    expect(verificationState([Approved])).toBe('approved');
    expect(verificationState([Rejected, Approved])).toBe('approved');
  });
});

describe('canUpload', () => {
  it('allows only when no document is anything but rejected', () => {
    expect(canUpload([])).toBe(true);
    expect(canUpload([Rejected, Rejected])).toBe(true);
    expect(canUpload([Rejected, Pending])).toBe(false);
    expect(canUpload([Approved])).toBe(false);
  });
});

describe('canDelete', () => {
  it('allows pending and rejected only', () => {
    expect([Uploaded, Pending, Rejected, Approved].map(canDelete)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('acceptedMime and downloadName', () => {
  it('accepts the four content types and nothing else', () => {
    expect(acceptedMime('image/png')).toBe('image/png');
    expect(acceptedMime('application/pdf')).toBe('application/pdf');
    expect(acceptedMime('image/gif')).toBeNull();
    expect(acceptedMime(undefined)).toBeNull();
  });
  it('names downloads after the id, never the upload', () => {
    expect(downloadName('abc', 'image/jpeg')).toBe('document-abc.jpg');
  });
});
