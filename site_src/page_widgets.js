// page_widgets.js: the Jupyter widgets' own front end for the static dashboard page.
//
// Bundled by scripts/build_site.py (esbuild, the npm packages pinned in site_src/package.json)
// into the site's dashboard-widgets.js and .css. The widgets in the page are those of Voila
// and JupyterLab (@jupyter-widgets/base and controls; anywidget's front end from the same
// wheel as its Python side, so the two always match): the same DOM, styles and keyboard
// behaviour the dashboard has everywhere else.
//
// PageManager is a widget manager whose kernel is Python in a web worker (dashboard_worker.js):
// it turns the worker's comm messages into widget models and sends the models' messages back.
// The page opens no comms of its own; Python creates every widget.
import { ManagerBase } from "@jupyter-widgets/base-manager";
import * as base from "@jupyter-widgets/base";
import * as controls from "@jupyter-widgets/controls";
import { Widget } from "@lumino/widgets";
import anywidgetFactory from "anywidget-front";

import "@lumino/widgets/style/index.css";
import "@jupyter-widgets/base/css/index.css";
import "@jupyter-widgets/controls/css/widgets.css";

const MODULES = {
  "@jupyter-widgets/base": base,
  "@jupyter-widgets/controls": controls,
  anywidget: anywidgetFactory(base),
};

const NO_OWN_COMMS = "the page opens no comms: Python creates the widgets";
let lastId = 0;
const newId = () => `page-${++lastId}`;

// One widget's comm, as ipywidgets' front end expects it (IClassicComm). Python sends a new
// widget's first updates right after opening its comm, while the page is still creating the
// model: they wait here until the model listens (a Jupyter kernel connection does the same by
// handling its messages one at a time).
class PageComm {
  constructor(manager, commId, targetName) {
    this.manager = manager;
    this.comm_id = commId;
    this.target_name = targetName;
    this.onMessage = null;
    this.onClose = null;
    this.early = [];
  }

  receive(msg) {
    if (this.onMessage) this.onMessage(msg);
    else this.early.push(msg);
  }

  open() {
    throw new Error(NO_OWN_COMMS);
  }

  send(data, callbacks, metadata, buffers) {
    return this.manager.post("comm_msg", this.comm_id, data, callbacks, buffers);
  }

  close(data, callbacks) {
    return this.manager.post("comm_close", this.comm_id, data || {}, callbacks, []);
  }

  on_msg(callback) {
    this.onMessage = callback;
    for (const msg of this.early.splice(0)) callback(msg);
  }

  on_close(callback) {
    this.onClose = callback;
  }
}

export class PageManager extends ManagerBase {
  // send(message): how a message reaches the worker (its postMessage). ownCss: the page links
  // the anywidget widgets' style sheets itself (the dashboard's dashboard-games.css), so a
  // new widget's _css is dropped and anywidget inserts no <style> while the widget is drawn.
  constructor(send, { ownCss = false } = {}) {
    super();
    this.send = send;
    this.ownCss = ownCss;
    this.comms = new Map();
    this.waiting = new Map(); // msg_id -> the model's "idle" callback (ipywidgets' throttle)
  }

  async loadClass(className, moduleName) {
    const found = MODULES[moduleName]?.[className];
    if (!found) throw new Error(`this page has no widget ${moduleName}.${className}`);
    return found;
  }

  _create_comm() {
    return Promise.reject(new Error(NO_OWN_COMMS));
  }

  _get_comm_info() {
    return Promise.resolve({});
  }

  post(msgType, commId, data, callbacks, buffers) {
    const msgId = newId();
    const status = callbacks?.iopub?.status;
    if (status) this.waiting.set(msgId, status);
    const views = (buffers || []).map((b) => (b instanceof ArrayBuffer ? new Uint8Array(b)
      : new Uint8Array(b.buffer, b.byteOffset, b.byteLength)));
    this.send({ type: msgType, msg_id: msgId,
      text: JSON.stringify({ msg_id: msgId, comm_id: commId, data }), buffers: views });
    return msgId;
  }

  // A message from Python: a comm opened, a message for a widget, a widget closed, or the
  // end of the handling of one of the page's messages ("idle").
  receive(message) {
    if (message.type === "idle") {
      const status = this.waiting.get(message.msg_id);
      this.waiting.delete(message.msg_id);
      if (status) status({ content: { execution_state: "idle" } });
      return;
    }
    const msg = JSON.parse(message.text);
    const kernelMsg = {
      content: { comm_id: msg.comm_id, target_name: msg.target_name, data: msg.data },
      metadata: msg.metadata, parent_header: msg.parent_header,
      buffers: (message.buffers || []).map((b) => new DataView(b.buffer, b.byteOffset,
        b.byteLength)),
    };
    if (msg.msg_type === "comm_open") {
      const state = msg.data?.state;
      if (this.ownCss && state?._model_module === "anywidget") delete state._css;
      const comm = new PageComm(this, msg.comm_id, msg.target_name);
      this.comms.set(msg.comm_id, comm);
      this.handle_comm_open(comm, kernelMsg).catch((error) => console.error(error));
    } else if (msg.msg_type === "comm_msg") {
      this.comms.get(msg.comm_id)?.receive(kernelMsg);
    } else if (msg.msg_type === "comm_close") {
      const comm = this.comms.get(msg.comm_id);
      this.comms.delete(msg.comm_id);
      comm?.onClose?.(kernelMsg);
    }
  }

  // Draw the widget of modelId (and everything inside it) into host.
  async display(modelId, host) {
    const model = await this.get_model(modelId);
    const view = await this.create_view(model);
    Widget.attach(view.luminoWidget, host);
    return view;
  }
}
