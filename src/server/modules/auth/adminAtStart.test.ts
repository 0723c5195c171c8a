import { bootstrapAdmin } from '../../startup/bootstrapAdmin';
import { createTestApp, createUser, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('the admin of DESIGN.md exists at start', () => {
  it('without configuration: admin@wavelength.local with the password printed once signs in as admin', async () => {
    const result = await bootstrapAdmin(t.app.db);
    expect(result.kind).toBe('generated');
    if (result.kind !== 'generated') return;
    const res = await login('admin@wavelength.local', result.password);
    expect(res.json().token.user).toMatchObject({ email: 'admin@wavelength.local', role: 'admin' });
    expect((await bootstrapAdmin(t.app.db)).kind).toBe('existing');
  });

  it('ADMIN_EMAIL/ADMIN_PASSWORD promote an existing listener and set that password', async () => {
    const u = await createUser(t);
    await bootstrapAdmin(t.app.db, { email: u.user.email.toUpperCase(), password: 'configured-admin-pw' });
    const res = await login(u.user.email, 'configured-admin-pw');
    expect(res.json().token.user.role).toBe('admin');
  });

  it('a new account registers with the role user', async () => {
    const id = `role${Date.now()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: id, email: `${id}@example.test`, password: 'a good password' },
    });
    expect(res.json().user.role).toBe('user');
  });
});
