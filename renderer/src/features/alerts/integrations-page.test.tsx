import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GqlIntegration } from '../../api/alerts/documents.js';
import type { AlertIntegration } from '../../api/alerts/types.js';
import type { ApiRequest } from '../../../../shared/ipc-contract.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { AlertsProvider } from './alerts-context.js';
import { IntegrationsPage } from './integrations-page.js';

const PATH = '/projects/7/alert_management/http_integrations';
const FULL_PATH = 'root/shop';
const KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

const integration: AlertIntegration = {
  id: 3,
  name: 'Prometheus production',
  active: true,
  type: 'http',
  url: 'http://127.0.0.1:4100/root/shop/alerts/notify/prometheus-production/abc123.json',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** The integration as GitLab's GraphQL `AlertManagementHttpIntegration` (http_integration_type.rb). */
const node = (token: string | null = null): GqlIntegration => ({
  id: `gid://gitlab/AlertManagement::HttpIntegration/${integration.id}`,
  name: integration.name,
  active: integration.active,
  type: 'HTTP',
  url: integration.url,
  token,
});

/** The operation a GraphQL request of the fake bridge names, and its variables. */
function graphqlOf(req: ApiRequest): { operation: string; variables: Record<string, unknown> } | null {
  if (req.method !== 'POST' || req.path !== '/graphql') return null;
  const body = req.body as { operationName?: string; variables?: Record<string, unknown> };
  return { operation: body.operationName ?? '', variables: body.variables ?? {} };
}

/** `project.alertManagementHttpIntegrations` answering `nodes`. */
const integrationList = (nodes: GqlIntegration[]) =>
  jsonResponse({
    data: {
      project: {
        alertManagementHttpIntegrations: { nodes, pageInfo: { hasNextPage: false, endCursor: null } },
      },
    },
  });

function renderPage(handler: Parameters<typeof createFakeBridge>[0]) {
  const { bridge, requests } = createFakeBridge(handler);
  const result = renderWithProviders(
    <AlertsProvider
      value={{
        profileId: TEST_PROFILE.id,
        projectId: 7,
        project: projectFixture({ id: 7 }),
        fullPath: FULL_PATH,
        outpostExtensions: true,
      }}
    >
      <IntegrationsPage />
    </AlertsProvider>,
    { bridge, profile: TEST_PROFILE },
  );
  return { ...result, requests };
}

describe('IntegrationsPage', () => {
  it('shows a new endpoint’s key once and never keeps it in the query cache', async () => {
    let list: GqlIntegration[] = [];
    const { queryClient, requests } = renderPage((req) => {
      const gql = graphqlOf(req);
      if (gql?.operation === 'IntegrationList') return integrationList(list);
      if (gql?.operation === 'CreateIntegration') {
        list = [node()];
        return jsonResponse({ data: { httpIntegrationCreate: { integration: node(KEY), errors: [] } } });
      }
      return undefined;
    });
    const creates = () => requests.filter((req) => graphqlOf(req)?.operation === 'CreateIntegration');

    fireEvent.click(await screen.findByRole('button', { name: 'Add HTTP endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add HTTP endpoint' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(/Enter a name/)).toBeTruthy();
    expect(creates()).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Prometheus production ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const reveal = await screen.findByRole('dialog', { name: 'Endpoint “Prometheus production” is ready' });
    expect(
      (within(reveal).getByRole('textbox', { name: 'Authorization key' }) as HTMLTextAreaElement).value,
    ).toBe(KEY);
    expect((within(reveal).getByRole('textbox', { name: 'Webhook URL' }) as HTMLTextAreaElement).value).toBe(
      integration.url,
    );
    expect(within(reveal).getByText(/You won’t see this key again/)).toBeTruthy();
    expect(graphqlOf(creates()[0]!)?.variables).toEqual({
      projectPath: FULL_PATH,
      name: 'Prometheus production',
      active: true,
    });
    await waitFor(() => expect(screen.getAllByTestId('integration-row')).toHaveLength(1));
    const cached = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    expect(cached).not.toContain(KEY);

    fireEvent.click(within(reveal).getByRole('button', { name: 'I’ve copied the key' }));
    await waitFor(() => expect(screen.queryByText(KEY)).toBeNull());
    expect(screen.queryByDisplayValue(KEY)).toBeNull();
    await waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            .getMutationCache()
            .getAll()
            .map((m) => m.state.data),
        ),
      ).not.toContain(KEY),
    );
  });

  it('refuses to send a test payload that is not a JSON object', async () => {
    const { requests } = renderPage((req) => {
      if (graphqlOf(req)?.operation === 'IntegrationList') return integrationList([node()]);
      if (req.method === 'POST' && req.path === `${PATH}/3/test`)
        return jsonResponse([{ iid: 1, title: 'x' }]);
      return undefined;
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Send test alert' }));
    const dialog = await screen.findByRole('dialog', { name: /Send a test alert/ });
    const input = within(dialog).getByRole('textbox', { name: 'Sample payload (JSON)' });
    const send = within(dialog).getByRole('button', { name: 'Send test alert' }) as HTMLButtonElement;

    fireEvent.change(input, { target: { value: '["not", "an", "object"]' } });
    expect(within(dialog).getByText('The payload must be a JSON object ({ … }), not an array.')).toBeTruthy();
    expect(send.disabled).toBe(true);

    fireEvent.change(input, {
      target: { value: '{"title": "Queue backlog", "end_time": "2026-11-20T10:00:00Z"}' },
    });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() =>
      expect(requests.find((req) => req.path === `${PATH}/3/test`)?.body).toEqual({
        title: 'Queue backlog',
        end_time: '2026-11-20T10:00:00Z',
      }),
    );
    expect(await screen.findByText('Test alert sent')).toBeTruthy();
  });
});
