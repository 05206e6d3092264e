import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { notifyPipelineFinished } from './notify-pipeline.js';

describe('notifyPipelineFinished', () => {
  afterEach(() => notifications.clean());

  it('shows the outcome in the app too, so it arrives when OS notifications are denied', async () => {
    const fake = createFakeBridge(() => undefined);
    renderWithProviders(<div />, { bridge: fake.bridge });
    await notifyPipelineFinished(
      { profileId: 'embedded', projectId: 4, pipelineId: 81, projectName: 'Checkout service', ref: 'main' },
      'failed',
    );
    expect(await screen.findByText('Pipeline #81 failed')).toBeTruthy();
    expect(screen.getByText('Checkout service · main')).toBeTruthy();
  });
});
