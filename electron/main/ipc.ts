import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { BRIDGE_CHANNELS, type BrowserHostCallReply } from '../../shared/ipc-contract.js';
import { dispatchBridgeCall, type BridgeHandlers } from '../host/bridge-handlers.js';

/**
 * Decides whether an IPC message comes from our renderer: the sender is a trusted webContents (our
 * window), the message comes from its main frame (not an iframe), and that frame shows our
 * renderer's index.html on app://outpost (app-protocol.ts). Electron security checklist item 17.
 */
export function createTrustedSenderCheck(rendererIndexUrl: string): {
  trust(webContentsId: number): void;
  forget(webContentsId: number): void;
  isTrusted(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): boolean;
} {
  const trusted = new Set<number>();
  const expected = new URL(rendererIndexUrl);
  return {
    trust: (id) => void trusted.add(id),
    forget: (id) => void trusted.delete(id),
    isTrusted(event) {
      if (!trusted.has(event.sender.id)) return false;
      const frame = event.senderFrame;
      const main = event.sender.mainFrame;
      if (!frame || !main) return false;
      // Only the top frame: the same WebFrameMain, or the same process and routing id.
      const isMainFrame =
        frame === main || (frame.processId === main.processId && frame.routingId === main.routingId);
      if (!isMainFrame) return false;
      let url: URL;
      try {
        url = new URL(frame.url);
      } catch {
        return false;
      }
      return (
        url.protocol === expected.protocol && url.host === expected.host && url.pathname === expected.pathname
      );
    },
  };
}

/**
 * Registers `ipcMain.handle` for every channel in `BRIDGE_CHANNELS` (the only ipcMain user). Each
 * call from a trusted sender runs the shared handler and resolves to the wire envelope
 * `{ result } | { error: BridgeErrorShape }` — the same envelope the browser host sends
 * (dispatchBridgeCall); the preload passes it on untouched and the renderer unwraps it in one place
 * (renderer/src/api/bridge-error.ts `unwrapBridge`). Untrusted senders are refused with an Error and
 * nothing runs. Returns a function removing the handlers.
 */
export function registerBridgeIpc(
  handlers: BridgeHandlers,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
): () => void {
  for (const channel of BRIDGE_CHANNELS) {
    ipcMain.handle(channel, async (event, ...args: unknown[]): Promise<BrowserHostCallReply> => {
      if (!isTrusted(event)) {
        console.warn(
          `outpost: refused ${channel} from an untrusted sender (webContents ${event.sender.id}).`,
        );
        throw new Error('Refused: untrusted sender.');
      }
      return (await dispatchBridgeCall(handlers, channel, args)).reply;
    });
  }
  return () => {
    for (const channel of BRIDGE_CHANNELS) ipcMain.removeHandler(channel);
  };
}
