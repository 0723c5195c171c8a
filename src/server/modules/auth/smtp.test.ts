import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { findResetLink } from '../../mail/passwordResetMail';
import { createTestApp, createUser, type TestApp } from '../../test/testApp';

/** A real SMTP server in this process: the app sends the reset mail to it through nodemailer. */
describe('password reset by SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'mail-pass') callback(null, { user: 'mailer' });
        else callback(new Error('bad credentials'));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://mailer:mail-pass@127.0.0.1:${port}`, PUBLIC_URL: 'http://wavelength.test', MAIL_FROM: 'Wavelength <radio@wavelength.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('receives the reset mail, follows its link and signs in with the new password', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.user.email }, headers: { host: 'evil.example' } });
    expect(res.json()).toEqual({ success: true });

    for (let i = 0; i < 200 && !received.length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail.to).toEqual([u.user.email]);
    expect(mail.raw).toMatch(/^From: Wavelength <radio@wavelength\.test>/m);
    expect(mail.raw).toMatch(/^Subject: Reset your Wavelength password/m);

    // PUBLIC_URL is the base of the link, whatever Host the request came with
    const link = new URL(findResetLink(mail.raw)!);
    expect(`${link.origin}${link.pathname}`).toBe('http://wavelength.test/auth/reset-password');
    const token = link.searchParams.get('token')!;

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'password from the mail' } });
    expect(reset.json()).toEqual({ success: true });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.user.email, password: 'password from the mail' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().token.user.id).toBe(u.user.id);
  });
});
