import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The official Subsonic 1.16.1 XML schema is reference data kept outside the repository (its
 * licence is not ours to re-publish): SUBSONIC_XSD names it, else the shared reference folder of
 * the development machines. Without it, or without xmllint, the XSD checks are skipped with a warning.
 */
const XSD = process.env.SUBSONIC_XSD ?? '/work/shared/reference/subsonic-xsd/subsonic-rest-api-1.16.1.xsd';

function hasXmllint(): boolean {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const HAS_XSD = existsSync(XSD) && hasXmllint();
if (!HAS_XSD) console.warn(`Subsonic XSD checks skipped: set SUBSONIC_XSD to subsonic-rest-api-1.16.1.xsd and install xmllint (${XSD})`);

/** The OpenSubsonic additions the 1.16.1 schema does not know: attributes on any element, and a song's sub-elements. */
const OPEN_SUBSONIC_ATTRIBUTES = [
  'type',
  'serverVersion',
  'openSubsonic',
  'bpm',
  'comment',
  'sortName',
  'musicBrainzId',
  'displayArtist',
  'displayAlbumArtist',
  'displayComposer',
  'explicitStatus',
  'mediaType',
  'played',
  'samplingRate',
  'channelCount',
];
const SONG_ELEMENTS = ['genres', 'artists', 'albumArtists', 'contributors', 'moods', 'replayGain', 'isrc'];

/** The answer without the OpenSubsonic additions, as the schema's README says to validate. */
export function withoutOpenSubsonic(xml: string): string {
  let out = xml;
  for (const name of SONG_ELEMENTS) out = out.replace(new RegExp(`<${name}(\\s[^>]*)?/>|<${name}(\\s[^>]*)?>[\\s\\S]*?</${name}>`, 'g'), '');
  // a song's `type` is the schema's MediaType ("music"): only the root's server type is an addition
  out = out.replace(/(<subsonic-response\b[^>]*?)\s+type="[^"]*"/, '$1');
  for (const name of OPEN_SUBSONIC_ATTRIBUTES.filter((n) => n !== 'type')) out = out.replace(new RegExp(`\\s${name}="[^"]*"`, 'g'), '');
  return out;
}

/** xmllint's verdict on an answer (OpenSubsonic additions set aside): '' when valid, else its errors. */
export function xsdErrors(xml: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-xsd-'));
  const file = path.join(dir, 'answer.xml');
  writeFileSync(file, withoutOpenSubsonic(xml));
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** Expects the answer valid against the schema, when the schema is here. */
export function expectValidXml(xml: string): void {
  if (!HAS_XSD) return;
  expect(xsdErrors(xml)).toBe('');
}
