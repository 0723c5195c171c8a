import { checkUpload } from './uploadTrack';

describe('checkUpload', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;
  it("applies docs/product.md §5's rules in order", () => {
    expect(checkUpload(null)).toBe('All fields are required.');
    expect(checkUpload(file('a.txt', 'text/plain', 10))).toBe('Invalid file type. Please upload an MP3, FLAC, OGG, Opus, M4A, WAV, or AIFF file.');
    expect(checkUpload(file('a.wav', 'audio/wav', 200 * 1024 * 1024 + 1))).toBe('File is too large. Maximum file size is 200MB.');
    expect(checkUpload(file('a.wav', 'audio/wav', 5 * 1024 * 1024 + 1), 5 * 1024 * 1024)).toBe('File is too large. Maximum file size is 5MB.');
    expect(checkUpload(file('a.ogg', '', 5 * 1024 * 1024))).toBeNull();
    expect(checkUpload(file('a.flac', '', 60 * 1024 * 1024))).toBeNull();
    expect(checkUpload(file('track', 'audio/x-aiff', 10))).toBeNull();
  });
});
