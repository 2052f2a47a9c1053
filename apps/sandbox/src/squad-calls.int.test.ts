import type { Vapi } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import { sandboxForSuite } from './test/sandbox';

// A squad's call, as the platform runs one: its first member answers (that assistant's first
// message and conversation), and the call names the squad (`squadId`) with no assistantId of its
// own — by web call and by POST /call. A squad or first member that does not exist is the
// platform's 400; so is a workflow id (the document has no workflow resource to hold one).

const PRIVATE = 'squad-private-key';
const PUBLIC = 'squad-public-key';

describe('squad calls', () => {
  const suite = sandboxForSuite({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    totalCalls: 20,
    simulator: { stepMs: 10, webCallMs: 60_000 },
  });

  const post = (path: string, key: string, body: unknown) => suite.api('POST', path, body, key);

  async function createSquad(members: { assistantId: string }[]): Promise<Vapi.Squad> {
    const created = await post('/squad', PRIVATE, { name: 'Front desk', members });
    expect(created.status).toBe(201);
    return created.body as unknown as Vapi.Squad;
  }

  const platformCall = async (id: string) =>
    (await suite.api<Vapi.Call>('GET', `/call/${id}`)).body;

  it('answers a squad web call with its first member; the call names the squad only', async () => {
    const [first, second] = suite.sandbox.demo.assistantIds;
    const squad = await createSquad([{ assistantId: first! }, { assistantId: second! }]);
    const created = await post('/call/web', PUBLIC, { squadId: squad.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ squadId: squad.id, type: 'webCall' });
    expect(created.body.assistantId).toBeUndefined();
    expect(created.body.assistant).toBeUndefined();

    const room = await fetch(created.body.webCallUrl as string);
    const firstAssistant = await (
      await fetch(`${suite.sandbox.baseUrl}/assistant/${first}`, {
        headers: { authorization: `Bearer ${PRIVATE}` },
      })
    ).json();
    expect(await room.json()).toMatchObject({
      squadId: squad.id,
      assistantId: null,
      firstMessage: (firstAssistant as { firstMessage: string }).firstMessage,
    });
    const hangUp = await fetch(`${created.body.webCallUrl as string}/hang-up`, { method: 'POST' });
    expect(hangUp.status).toBe(202);
    await expect
      .poll(async () => (await platformCall(created.body.id as string)).status, { timeout: 5000 })
      .toBe('ended');
    const ended = await platformCall(created.body.id as string);
    expect(ended.squadId).toBe(squad.id);
    expect(ended.assistantId).toBeUndefined();
  });

  it('places an outbound squad call by POST /call', async () => {
    const squad = await createSquad([{ assistantId: suite.sandbox.demo.assistantIds[1]! }]);
    const created = await post('/call', PRIVATE, {
      squadId: squad.id,
      phoneNumberId: suite.sandbox.demo.phoneNumberIds[0],
      customer: { number: '+15550100123' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ squadId: squad.id, type: 'outboundPhoneCall' });
    expect(created.body.assistantId).toBeUndefined();
  });

  it('refuses a squad or first member that does not exist, and a workflow id, with 400', async () => {
    const missing = '7a1f0c52-9d1b-4d3e-8f4a-2b6c0e9d1a33';
    const unknownSquad = await post('/call/web', PUBLIC, { squadId: missing });
    expect(unknownSquad.status).toBe(400);
    expect(String(unknownSquad.body.message)).toContain("Couldn't Get Squad");
    const orphan = await createSquad([{ assistantId: missing }]);
    const noMember = await post('/call/web', PUBLIC, { squadId: orphan.id });
    expect(noMember.status).toBe(400);
    expect(String(noMember.body.message)).toContain("Couldn't Get Assistant");
    const workflow = await post('/call/web', PUBLIC, { workflowId: missing });
    expect(workflow.status).toBe(400);
    expect(String(workflow.body.message)).toContain("Couldn't Get Workflow");
  });

  it("POST /call/web is as strict as the web SDK's CreateWebCallDTO: unknown properties, bad overrides and empty squads get 400", async () => {
    const assistantId = suite.sandbox.demo.assistantIds[0]!;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ assistantId, colour: 'red' }, ['property colour should not exist']],
      // `name` is a CreateCallDTO property, not a web call's.
      [{ assistantId, name: 'Front desk' }, ['property name should not exist']],
      [
        { assistantId, assistantOverrides: { firstMessage: 7 } },
        ['assistantOverrides.firstMessage must be a string'],
      ],
      [
        { assistantId, assistantOverrides: { sandboxScenario: 'none' } },
        ['assistantOverrides.property sandboxScenario should not exist'],
      ],
      [{ squad: { members: [] } }, ['squad.members must contain at least 1 elements']],
      [{ squad: {} }, ['squad.members should not be null or undefined']],
    ];
    for (const [body, message] of cases) {
      const refused = await post('/call/web', PUBLIC, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toEqual(message);
    }
    const empty = await createSquad([]);
    const noMembers = await post('/call/web', PUBLIC, { squadId: empty.id });
    expect(noMembers.status).toBe(400);
    expect(noMembers.body.message).toEqual(['squad.members must contain at least 1 elements']);

    // What the web SDK sends passes: overrides with metadata, a null version, an inline squad.
    const accepted = await post('/call/web', PUBLIC, {
      assistantId,
      assistantOverrides: { variableValues: { name: 'Pat' }, metadata: { test: true } },
      assistantVersion: null,
      roomDeleteOnUserLeaveEnabled: true,
    });
    expect(accepted.status).toBe(201);
    const inline = await post('/call/web', PUBLIC, { squad: { members: [{ assistantId }] } });
    expect(inline.status).toBe(201);
    expect(inline.body.assistantId).toBeUndefined();
    for (const id of [accepted.body.id, inline.body.id])
      await fetch(`${suite.sandbox.baseUrl}/web-call/${String(id)}/hang-up`, { method: 'POST' });
  });
});
