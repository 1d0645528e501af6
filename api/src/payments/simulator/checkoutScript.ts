/**
 * The sandbox stand-in for https://checkout.razorpay.com/v1/checkout.js: the same `window.Razorpay` surface
 * (constructor options, `open()`, `close()`, `on('payment.failed')`, `handler`, `modal.ondismiss`) over a small
 * accessible dialog. It posts to `payments` next to its own URL (or `window.RazorpaySandboxBase`).
 * It honours `config.display` (blocks of instruments, `hide`, `preferences.show_default_blocks`) for the methods
 * it offers and UPI's flows, as Razorpay does: on a phone (a mobile user agent) UPI is the intent flow, a list of
 * UPI apps that each open the order's `upi://pay` link (a sandbox app then asks the payer to approve); on a desktop
 * it is a QR code of that link, which a sandbox "phone" button scans and approves; a UPI ID field for the collect
 * flow only when the options allow it (Razorpay's default blocks do). Every way to pay ends on one "Pay ₹…" button (the test hook).
 * Written as plain ES2017 without template literals so it can live in this string.
 */
export const CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.isSandbox) return;
  var current = document.currentScript;
  var BASE = window.RazorpaySandboxBase || new URL('./', (current && current.src) || location.href).href;

  function rupees(paise) {
    return '\u20b9' + (Number(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text != null) node.textContent = text;
    return node;
  }
  function postJson(path, body) {
    return fetch(new URL(path, BASE).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (res) {
      return res.json().then(function (data) { return { ok: res.ok, data: data }; });
    });
  }
  var seq = 0;
  var UPI_FLOWS = ['intent', 'qr', 'collect'];
  var UPI_APPS = ['Google Pay', 'PhonePe', 'Paytm', 'BHIM'];

  function isMobile() {
    return /Android|iPhone|iPad|iPod|Mobi/i.test(navigator.userAgent || '');
  }
  // The methods and UPI flows config.display allows (Razorpay's default blocks: UPI with every flow, and cards).
  function offered(options) {
    var display = (options.config && options.config.display) || {};
    var blocks = display.blocks || {};
    var methods = {};
    var flows = {};
    if (!display.preferences || display.preferences.show_default_blocks !== false) {
      methods.upi = true; methods.card = true;
      UPI_FLOWS.forEach(function (f) { flows[f] = true; });
    }
    Object.keys(blocks).forEach(function (code) {
      (blocks[code].instruments || []).forEach(function (ins) {
        if (ins.method === 'card') methods.card = true;
        if (ins.method !== 'upi') return;
        methods.upi = true;
        (ins.flows || UPI_FLOWS).forEach(function (f) { flows[f] = true; });
      });
    });
    (display.hide || []).forEach(function (h) {
      if (h.method === 'upi' && h.flows) h.flows.forEach(function (f) { delete flows[f]; });
      else if (h.method) delete methods[h.method];
    });
    return { methods: methods, flows: flows };
  }
  // Razorpay shows the intent flow on mobile web and a QR code instead on desktop web; collect where allowed.
  function upiFlow(flows) {
    if (isMobile() && flows.intent) return 'intent';
    if (flows.qr) return 'qr';
    return flows.collect ? 'collect' : null;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this._listeners = {};
    this._root = null;
  }
  Razorpay.isSandbox = true;

  Razorpay.prototype.on = function (event, cb) {
    (this._listeners[event] = this._listeners[event] || []).push(cb);
    return this;
  };
  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (cb) { cb(payload); });
  };

  Razorpay.prototype.close = function () {
    if (!this._root) return;
    document.removeEventListener('keydown', this._onKey, true);
    this._root.remove();
    this._root = null;
    if (this._returnFocus && this._returnFocus.focus) this._returnFocus.focus();
  };

  Razorpay.prototype._dismiss = function () {
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this._root) return this;
    var self = this;
    var o = this.options;
    var prefill = o.prefill || {};
    var color = (o.theme && o.theme.color) || '#3399cc';
    var id = 'rzp-sim-' + (++seq);
    this._returnFocus = document.activeElement;

    var root = el('div', { 'data-razorpay-sandbox': '', style: 'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif' });
    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc', tabindex: '-1', style: 'background:#fff;color:#0f172a;border-radius:12px;padding:20px;width:min(360px,92vw);box-shadow:0 20px 50px rgba(0,0,0,.35);border-top:6px solid ' + color });
    var close = el('button', { type: 'button', 'aria-label': 'Close', style: 'float:right;background:none;border:0;font-size:22px;cursor:pointer;color:#334155' }, '\u00d7');
    var title = el('h2', { id: id + '-title', style: 'margin:0 0 4px;font-size:18px' }, o.name || 'Razorpay Sandbox');
    var desc = el('p', { id: id + '-desc', style: 'margin:0 0 12px;color:#475569;font-size:14px' }, o.description || '');
    var amount = el('p', { 'data-amount': '', style: 'margin:0 0 12px;font-size:24px;font-weight:700' }, o.amount != null ? rupees(o.amount) : '');
    var payer = el('p', { style: 'margin:0 0 12px;color:#475569;font-size:13px' }, [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' \u00b7 '));
    var allowed = offered(o);
    var flow = allowed.methods.upi ? upiFlow(allowed.flows) : null;
    var methods = [['upi', 'UPI'], ['card', 'Card']].filter(function (m) { return m[0] === 'upi' ? flow : allowed.methods.card; });
    var fieldset = el('fieldset', { style: 'border:1px solid #cbd5e1;border-radius:8px;margin:0 0 12px;padding:8px 12px' });
    fieldset.appendChild(el('legend', { style: 'font-size:13px;padding:0 4px' }, 'Pay using'));
    methods.forEach(function (m, i) {
      var label = el('label', { style: 'display:inline-flex;align-items:center;gap:6px;margin-right:16px;font-size:15px' });
      var radio = el('input', { type: 'radio', name: id + '-method', value: m[0] });
      if (i === 0) radio.checked = true;
      label.appendChild(radio);
      label.appendChild(document.createTextNode(m[1]));
      fieldset.appendChild(label);
    });
    var upi = el('div', { 'data-upi-flow': flow || '', style: 'margin:0 0 12px;font-size:14px' });
    var status = el('p', { role: 'status', 'aria-live': 'polite', style: 'min-height:1.2em;margin:0 0 8px;font-size:13px;color:#475569' });
    var pay = el('button', { type: 'button', style: 'display:block;width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer;color:#0f172a;background:' + color }, o.amount != null ? 'Pay ' + rupees(o.amount) : 'Pay');
    var fail = el('button', { type: 'button', style: 'display:block;width:100%;margin-top:8px;padding:10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;color:#b91c1c;font-size:14px;cursor:pointer' }, 'Simulate failure');
    var note = el('p', { style: 'margin:12px 0 0;font-size:11px;color:#64748b' }, 'Sandbox checkout \u2014 no money moves.');
    [close, title, desc, amount, payer, fieldset, upi, status, pay, fail, note].forEach(function (n) { dialog.appendChild(n); });
    root.appendChild(dialog);
    document.body.appendChild(root);
    this._root = root;

    // The UPI part of the dialog for this device's flow; chosenApp is the app the intent went to.
    var vpa = null;
    var chosenApp = null;
    var uri = el('code', { 'data-upi-uri': '', style: 'display:block;word-break:break-all;font-size:11px;color:#475569;margin:6px 0' });
    var approve = el('p', { id: id + '-approve', style: 'margin:6px 0;font-size:13px' });
    if (flow === 'intent') {
      upi.appendChild(el('p', { style: 'margin:0 0 6px' }, 'Pay with a UPI app'));
      var apps = el('ul', { 'aria-label': 'UPI apps', style: 'list-style:none;display:flex;flex-wrap:wrap;gap:6px;margin:0 0 6px;padding:0' });
      UPI_APPS.forEach(function (name) {
        var item = el('li');
        var app = el('button', { type: 'button', 'data-upi-app': name, style: 'padding:8px 10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;cursor:pointer' }, name);
        app.addEventListener('click', function () {
          // A real browser hands the upi://pay link to the app; the sandbox plays the app's approval screen here.
          chosenApp = name;
          approve.textContent = name + ' (sandbox UPI app) asks you to approve the payment to ' + (o.name || 'the merchant') + '.';
          show();
          pay.focus();
        });
        item.appendChild(app);
        apps.appendChild(item);
      });
      upi.appendChild(apps);
      upi.appendChild(uri);
      upi.appendChild(approve);
    } else if (flow === 'qr') {
      upi.appendChild(el('p', { style: 'margin:0 0 6px' }, 'Scan the QR code with any UPI app'));
      if (o.order_id) upi.appendChild(el('img', { src: new URL('orders/' + encodeURIComponent(o.order_id) + '/upi-qr.svg', BASE).href, alt: 'UPI QR code', width: '180', height: '180', style: 'display:block;margin:0 auto;image-rendering:pixelated' }));
      upi.appendChild(uri);
      approve.textContent = 'Sandbox phone: the button below stands in for a phone that scans this code and approves in its UPI app.';
      upi.appendChild(approve);
    }
    // Collect (a typed UPI ID, then a request to approve in the app) only where the options still allow it.
    if (flow && allowed.flows.collect) {
      var vpaId = id + '-vpa';
      upi.setAttribute('data-upi-collect', '');
      upi.appendChild(el('label', { for: vpaId, style: 'display:block;margin:0 0 4px' }, 'UPI ID'));
      vpa = el('input', { id: vpaId, type: 'text', autocomplete: 'off', style: 'width:100%;padding:8px;box-sizing:border-box' });
      upi.appendChild(vpa);
    }

    function method() {
      var checked = dialog.querySelector('input[type=radio]:checked');
      return checked ? checked.value : 'upi';
    }
    // Shows the UPI part while UPI is chosen; on a phone the pay (approve) button waits for an app to be chosen.
    function show() {
      var isUpi = method() === 'upi';
      upi.hidden = !isUpi;
      pay.hidden = isUpi && flow === 'intent' && !chosenApp;
      pay.style.display = pay.hidden ? 'none' : 'block'; // the inline display would beat [hidden]
      if (isUpi && (flow === 'qr' || chosenApp)) pay.setAttribute('aria-describedby', id + '-approve');
      else pay.removeAttribute('aria-describedby');
    }
    fieldset.addEventListener('change', show);
    show();

    if (o.order_id && (flow === 'intent' || flow === 'qr' || o.amount == null)) {
      fetch(new URL('orders/' + encodeURIComponent(o.order_id), BASE).href).then(function (r) { return r.json(); }).then(function (order) {
        if (order && order.upi && order.upi.uri) uri.textContent = order.upi.uri;
        if (o.amount == null && order && typeof order.amount === 'number') {
          amount.textContent = rupees(order.amount);
          pay.textContent = 'Pay ' + rupees(order.amount);
        }
      }).catch(function () {});
    }

    function focusables() {
      return Array.prototype.filter.call(dialog.querySelectorAll('button, input, [href], [tabindex]:not([tabindex="-1"])'), function (n) { return !n.disabled; });
    }
    this._onKey = function (e) {
      if (!self._root) return;
      if (e.key === 'Escape') { e.preventDefault(); self._dismiss(); return; }
      if (e.key !== 'Tab') return;
      var items = focusables();
      if (!items.length) return;
      var first = items[0], last = items[items.length - 1];
      var active = document.activeElement;
      if (e.shiftKey && (active === first || !dialog.contains(active))) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && (active === last || !dialog.contains(active))) { e.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', this._onKey, true);
    close.addEventListener('click', function () { self._dismiss(); });

    function submit(outcome) {
      pay.disabled = true; fail.disabled = true;
      status.textContent = 'Processing payment\u2026';
      var upiVpa = method() === 'upi' && vpa && vpa.value.trim() ? vpa.value.trim() : undefined;
      postJson('payments', { orderId: o.order_id, outcome: outcome, method: method(), vpa: upiVpa, key: o.key, email: prefill.email, contact: prefill.contact })
        .then(function (res) {
          var data = res.data || {};
          if (res.ok && data.razorpay_payment_id) {
            self.close();
            if (typeof o.handler === 'function') o.handler({ razorpay_payment_id: data.razorpay_payment_id, razorpay_order_id: data.razorpay_order_id, razorpay_signature: data.razorpay_signature });
            return;
          }
          var err = data.error || { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', source: 'customer', step: 'payment_authentication', reason: 'payment_failed', metadata: { order_id: o.order_id } };
          self.close();
          self._emit('payment.failed', { error: err });
        })
        .catch(function () {
          pay.disabled = false; fail.disabled = false;
          status.textContent = 'Network error. Please try again.';
        });
    }
    pay.addEventListener('click', function () { submit('success'); });
    fail.addEventListener('click', function () { submit('failure'); });
    (pay.hidden ? dialog.querySelector('[data-upi-app]') || pay : pay).focus();
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
