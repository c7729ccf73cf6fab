var ge,
  gi,
  gc,
  Qt,
  zo,
  Hl,
  hi,
  Nl,
  _i,
  Ho,
  Oo,
  hc,
  al = Symbol.for("pv"),
  Fl = {},
  Il = [],
  _c = /^m(i|n|o|s|text|space)$/,
  Fo = Array.isArray,
  Io = Il.slice,
  gn = Object.assign;
function mn(e) {
  e && e.parentNode && e.remove();
}
function Ke(e, t, l) {
  var n,
    o,
    r,
    s = {},
    c = arguments.length;
  for (r in t) r == "key" ? (n = t[r]) : r == "ref" && typeof e != "function" ? (o = t[r]) : (s[r] = t[r]);
  return c > 2 && (s.children = c > 3 ? Io.call(arguments, 2) : l), sl(e, s, n, o, null);
}
function sl(e, t, l, n, o) {
  var r = {
    type: e,
    props: t,
    key: l,
    ref: n,
    __k: null,
    __: null,
    __b: 0,
    __e: null,
    __c: null,
    constructor: al,
    __v: o || ++gi,
    __i: -1,
    __u: 0,
  };
  return !o && ge.vnode && ge.vnode(r), r;
}
function Vl(e) {
  return e.children;
}
function zl(e, t) {
  (this.props = e), (this.context = t), (this.__g = 0);
}
function Xt(e, t) {
  if (t == null) return e.__ && Xt(e.__, e.__i + 1);
  for (var l; t < e.__k.length; t++) if ((l = e.__k[t]) && l.__e) return l.__e;
  return typeof e.type != "function" || e.props.__P ? null : Xt(e);
}
function vc(e) {
  var t,
    l = e.__v,
    n = l.__e,
    o = [],
    r = [],
    s = e.__P;
  s &&
    (((t = gn({ constructor: al }, l)).__v = l.__v + 1),
    ge.vnode && ge.vnode(t),
    Vo(s, t, l, e.__n, s.namespaceURI, 32 & l.__u ? [n] : null, o, n || Xt(l), 32 & l.__u, r),
    (t.__v = l.__v),
    (t.__.__k[t.__i] = t),
    xi(o, t, r),
    (l.__ = l.__e = null),
    t.__e != n && vi(t));
}
function vi(e) {
  if ((e = e.__) && e.__c && !e.props.__P) return (e.__e = null), e.__k.some((t) => t && (e.__e = t.__e)), vi(e);
}
function di(e) {
  ((8 & e.__g || ((e.__g |= 8), Qt.push(e), Hl++)) && zo == ge.debounceRendering) ||
    ((zo = ge.debounceRendering) || queueMicrotask)(bi);
}
function bi() {
  try {
    for (var e, t = 1; Qt.length; ) Qt.length > t && Qt.sort(hi), (e = Qt.shift()), (t = Qt.length), 8 & e.__g && vc(e);
  } finally {
    (Hl = Qt.length) && (zo || queueMicrotask)(bi);
  }
}
function yi(e, t, l, n, o, r, s, c, p, m, g) {
  var v,
    h,
    d,
    x,
    M,
    P,
    L = n.__k || Il,
    w = t.length;
  for (p = bc(l, t, L, p, w), v = 0; v < w; v++)
    (d = l.__k[v]) != null &&
      ((h = (~d.__i && L[d.__i]) || Fl),
      (d.__i = v),
      (P = Vo(e, d, h, o, r, s, c, p, m, g)),
      (x = d.__e),
      (h.ref != d.ref || 8 & h.__u) && (h.ref && Uo(h.ref, null, d, h), d.ref && g.push(d.ref, d.__c || x, d)),
      (M = M || x),
      4 & d.__u
        ? ((p = wi(d, p, e, !h.__v)), h.__e && (h.__e = null))
        : typeof d.type == "function" && P !== void 0
          ? (p = P)
          : x && (p = x.nextSibling),
      (d.__u &= -21));
  return (l.__e = M), p;
}
function bc(e, t, l, n, o) {
  var r,
    s,
    c,
    p,
    m,
    g,
    v,
    h,
    d,
    x = l.length,
    M = x,
    P = 0,
    L = 0,
    w = (e.__k = Array(o));
  for (r = 0; r < o; r++)
    (s = t[r]) != null && typeof s != "boolean" && typeof s != "function"
      ? (typeof s != "object" || s.constructor === String
          ? (s = w[r] = sl(null, s))
          : Fo(s)
            ? (s = w[r] = sl(Vl, { children: s }))
            : s.constructor === al && s.__b
              ? (s = w[r] = sl(s.type, s.props, s.key, s.ref, s.__v))
              : (w[r] = s),
        (p = r + P),
        (s.__ = e),
        (s.__b = e.__b + 1),
        (c = null),
        ~(m = s.__i = yc(s, l, p, M)) && (M--, (c = l[m]) && (c.__u |= 2)),
        c && c.__v
          ? ((s.__u |= 16), m == p - 1 ? P-- : m == p + 1 ? P++ : m != p && (m > p ? P-- : P++, (L = 1)))
          : (~m || (o > x ? P-- : o < x && P++), typeof s.type != "function" && (s.__u |= 4)))
      : (w[r] = null);
  if (L) {
    for (g = [], v = [], r = 0; r < o; r++)
      if ((s = w[r]) && 16 & s.__u) {
        for (P = 0, h = g.length; P < h; ) g[(d = (P + h) >> 1)] < s.__i ? (P = d + 1) : (h = d);
        (g[P] = s.__i), (v[r] = P + 1);
      }
    for (P = g.length; r--; ) v[r] && (v[r] == P ? P-- : (w[r].__u |= 4));
  }
  if (M) for (r = 0; r < x; r++) !(c = l[r]) || 2 & c.__u || (c.__e == n && (n = Xt(c)), Wo(c, c));
  return n;
}
function wi(e, t, l, n) {
  var o, r, s, c;
  if (typeof e.type == "function") {
    if (e.props.__P) return t;
    if ((o = e.__k)) for (r = 0; r < o.length; r++) o[r] && ((o[r].__ = e), (t = wi(o[r], t, l, !1)));
    return t;
  }
  for (t && !t.parentNode && (t = Xt(e)) && !t.parentNode && (t = null), s = e.__e, c = t; c && c.nodeType == 8; )
    c = c.nextSibling;
  for (
    s != c && (!n && l.moveBefore && s.parentNode ? l.moveBefore(s, t) : l.insertBefore(s, t || null)), t = s;
    (t = t && t.nextSibling) && t.nodeType == 8 && !t.data.startsWith("$s");
  );
  return t;
}
function yc(e, t, l, n) {
  var o,
    r = e.key,
    s = e.type,
    c = t[l],
    p = c && !(2 & c.__u);
  if ((c === null && r == null) || (p && r == c.key && s == c.type)) return l;
  if (n > (p ? 1 : 0)) {
    for (o = l - 1; o >= 0; o--) if ((c = t[o]) && !(2 & c.__u) && r == c.key && s == c.type) return o;
    for (o = l + 1; o < t.length; o++) if ((c = t[o]) && !(2 & c.__u) && r == c.key && s == c.type) return o;
  }
  return -1;
}
function mi(e, t, l) {
  l == null && (l = ""), t[0] == "-" ? e.setProperty(t, l) : (e[t] = l);
}
function Rl(e, t, l, n, o) {
  var r, s;
  if (t == "style")
    if (typeof l == "string") e.style.cssText = l;
    else {
      if ((typeof n == "string" && (e.style.cssText = n = ""), n)) for (t in n) (l && t in l) || mi(e.style, t);
      if (l) for (t in l) (n && l[t] == n[t]) || mi(e.style, t, l[t]);
    }
  else if (t[0] == "o" && t[1] == "n")
    typeof l != "function" && (l = null),
      typeof n != "function" && (n = null),
      ((e.__e || (e.__e = {}))[t] = l),
      (l && n) ||
        ((s = Oo[t] || (Oo[t] = wc(t))),
        ((e.__a || (e.__a = {}))[t] = Ho),
        (r = t != (t = t.replace(_i, "$1"))),
        (t = t.slice(2))[0] < "a" && (t = t.toLowerCase()),
        l ? e.addEventListener(t, s, r) : e.removeEventListener(t, s, r));
  else {
    if (o == "http://www.w3.org/2000/svg") t = t.replace(/xlink(H|:h)/, "h").replace(/sName$/, "s");
    else if (
      t != "width" &&
      t != "height" &&
      t != "href" &&
      t != "list" &&
      t != "form" &&
      t != "tabIndex" &&
      t != "download" &&
      t != "rowSpan" &&
      t != "colSpan" &&
      t != "role" &&
      t != "popover" &&
      t in e
    )
      try {
        return void (e[t] = l ?? "");
      } catch {}
    if (typeof l == "function") return;
    l == null || (l === !1 && t[4] != "-")
      ? e.removeAttribute(t)
      : e.setAttribute(t, t == "popover" && l == 1 ? "" : l);
  }
}
function wc(e) {
  return function (t) {
    var l = this.__e;
    if (l) {
      if (((l = l[e]), t[Nl] == null)) t[Nl] = Ho++;
      else if (t[Nl] < this.__a[e]) return;
      return l(ge.event ? ge.event(t) : t);
    }
  };
}
function Vo(e, t, l, n, o, r, s, c, p, m) {
  var g,
    v,
    h,
    d,
    x,
    M,
    P,
    L,
    w,
    A,
    S,
    Y,
    k,
    F,
    z,
    J,
    U,
    E,
    G = t.type;
  if (t.constructor !== al) return null;
  128 & l.__u &&
    ((p = 32 & l.__u), (g = l.__c.__z)) &&
    ((t.__u |= p), (v = r = []), g.nodeType == 8 ? (c = Ol(g, r)) : r.push(g), (c = r[0] || c)),
    (g = ge.__b) && g(t);
  e: if (typeof G == "function") {
    h = s.length;
    try {
      if (
        ((L = t.props),
        (w = (g = G.prototype) && g.render),
        (A = (g = G.contextType) && n[g.__c]),
        (S = g ? (A ? A.props.value : g.__) : n),
        (d = l.__c)
          ? ((t.__c = d), 2 & d.__g && (d.__g |= 1))
          : (w ? (t.__c = d = new G(L, S)) : ((t.__c = d = new zl(L, S)), (d.constructor = G), (d.render = xc)),
            A && A.sub(d),
            d.state || (d.state = {}),
            (d.__n = n),
            (d.__g |= 8),
            (d.__h = []),
            (d.__k = [])),
        w &&
          (d.__s || (d.__s = d.state),
          G.getDerivedStateFromProps &&
            (d.__s == d.state && (d.__s = gn({}, d.__s)), gn(d.__s, G.getDerivedStateFromProps(L, d.__s)))),
        (x = d.props),
        (M = d.state),
        (d.__v = t),
        l.__c)
      ) {
        if (
          (L !== x &&
            w &&
            !G.getDerivedStateFromProps &&
            d.componentWillReceiveProps &&
            d.componentWillReceiveProps(L, S),
          (t.__v == l.__v && !(8 & d.__g)) ||
            (!(4 & d.__g) && d.shouldComponentUpdate && d.shouldComponentUpdate(L, d.__s, S) === !1))
        ) {
          t.__v != l.__v && ((d.props = L), (d.state = d.__s), (d.__g &= -9)),
            (t.__e = l.__e),
            (t.__k = l.__k),
            t.__k.some((R) => {
              R && (R.__ = t);
            }),
            Il.push.apply(d.__h, d.__k),
            (d.__k = []),
            d.__h.length && s.push(d),
            (c = Xt(l));
          break e;
        }
        d.componentWillUpdate && d.componentWillUpdate(L, d.__s, S),
          w &&
            d.componentDidUpdate &&
            d.__h.push(() => {
              d.componentDidUpdate(x, M, P);
            });
      } else
        w && !G.getDerivedStateFromProps && d.componentWillMount && d.componentWillMount(),
          w && d.componentDidMount && d.__h.push(d.componentDidMount);
      (d.context = S), (d.props = L), (d.__P = e), (d.__g &= -5), (Y = ge.__r), (k = w ? 25 : 0);
      do (d.__g &= -9), Y && Y(t), (g = d.render(d.props, (d.state = d.__s), d.context));
      while (8 & d.__g && ++k < 25);
      w && (Il.push.apply(d.__h, d.__k), (d.__k = [])),
        (d.state = d.__s),
        d.getChildContext && (n = gn({}, n, d.getChildContext())),
        w && l.__c && d.getSnapshotBeforeUpdate && (P = d.getSnapshotBeforeUpdate(x, M)),
        (F = g && g.type === Vl && g.key == null ? g.props.children : g),
        L.__P &&
          ((g = c),
          (o = (e = L.__P).namespaceURI),
          (p = r = null),
          l.props &&
            l.props.__P != e &&
            (l.__k.some((R) => {
              R && Wo(R, R);
            }),
            (l.__k = null)),
          (c = l.__k ? Xt(l, 0) : null)),
        (c = yi(e, Fo(F) ? F : [F], t, l, n, o, r, s, c, p, m)),
        L.__P && ((t.__e = null), (c = g)),
        (t.__u &= -161),
        v && v.some(mn),
        d.__h.length && s.push(d),
        1 & d.__g && (d.__g &= -4);
    } catch (R) {
      if (((s.length = h), (t.__v = null), p || r))
        if (R && R.then) {
          if (((t.__u |= 128 | p), r)) {
            for (~(U = r.indexOf(c || void 0)) || (U = r.length); (E = r[U - 1]) && E.nodeType == 8; ) U--;
            for (; U < r.length; U++)
              if ((E = r[U]))
                if (((r[U] = null), z)) {
                  if (E == J) break;
                } else {
                  if (E.nodeType != 8) break;
                  E.data.startsWith("$s") && (J = Ol((z = E)));
                }
          }
          if (!z) {
            for (; c && c.nodeType == 8 && c.nextSibling; ) c = c.nextSibling;
            z = c;
          }
          (g = Ol((z = t.__c.__z || (t.__c.__z = z)))) ? ((t.__e = z), (c = g)) : (t.__e = c), (c = c && c.nextSibling);
        } else r && r.some(mn);
      else t.__e = l.__e;
      t.__k || (t.__k = l.__k || []), (R && R.then) || $i(t), ge.__e(R, t, l);
    }
  } else c = t.__e = $c(l.__e, t, l, n, o, r, s, p, m, e);
  return (g = ge.diffed) && g(t), c;
}
function Ol(e, t) {
  if (e && e.nodeType == 8 && e.data.startsWith("$s"))
    for (var l = 1; (e = e.nextSibling); ) {
      if (e.nodeType == 8) {
        if (e.data.startsWith("$s")) l++;
        else if (e.data.startsWith("/$s") && !--l) return e;
      }
      t && t.push(e);
    }
}
function $i(e) {
  e && (e.__c && (e.__c.__g |= 4), e.__k && e.__k.some($i));
}
function xi(e, t, l) {
  for (var n = 0; n < l.length; ) Uo(l[n++], l[n++], l[n++]);
  ge.__c && ge.__c(t, e),
    e.some((o) => {
      try {
        (e = o.__h),
          (o.__h = []),
          e.some((r) => {
            r.call(o);
          });
      } catch (r) {
        ge.__e(r, o.__v);
      }
    });
}
function $c(e, t, l, n, o, r, s, c, p, m) {
  var g,
    v,
    h,
    d,
    x,
    M,
    P,
    L,
    w = l.props || Fl,
    A = t.props,
    S = t.type;
  if (
    (S == "svg"
      ? (o = "http://www.w3.org/2000/svg")
      : S == "math"
        ? (o = "http://www.w3.org/1998/Math/MathML")
        : o || (o = "http://www.w3.org/1999/xhtml"),
    r)
  ) {
    for (g = 0; g < r.length; g++)
      if ((x = r[g]) && (S ? x.localName == S : x.nodeType == 3)) {
        (e = x), (r[g] = null);
        break;
      }
  }
  if (!e) {
    if (((L = m.ownerDocument || document), !S)) return L.createTextNode(A);
    (e = L.createElementNS(o, S, A.is ? A : m)), c && (ge.__m && ge.__m(t, r), (c = !1)), (r = null);
  }
  if (S) {
    if (
      ((m = (S == "template" && e.content) || e),
      (r = S == "textarea" && A.defaultValue != null ? null : r && Io.call(m.childNodes)),
      !c && r)
    )
      for (w = {}, g = 0; g < e.attributes.length; g++) w[(x = e.attributes[g]).name] = x.value;
    for (g in w)
      (x = w[g]),
        g == "dangerouslySetInnerHTML"
          ? (h = x)
          : g == "children" ||
            g in A ||
            (g == "value" && "defaultValue" in A) ||
            (g == "checked" && "defaultChecked" in A) ||
            Rl(e, g, null, x, o);
    for (g in A)
      (x = A[g]),
        g == "children"
          ? (d = x)
          : g == "dangerouslySetInnerHTML"
            ? (v = x)
            : g == "value"
              ? (M = x)
              : g == "checked"
                ? (P = x)
                : (c && typeof x != "function") || w[g] === x || Rl(e, g, x, w[g], o);
    v
      ? (c || (h && (v.__html == h.__html || v.__html == e.innerHTML)) || (e.innerHTML = v.__html), (t.__k = []))
      : (h && (e.textContent = ""),
        (S == "foreignObject" || (o == "http://www.w3.org/1998/Math/MathML" && _c.test(S))) &&
          (o = "http://www.w3.org/1999/xhtml"),
        yi(m, Fo(d) ? d : [d], t, l, n, o, r, s, r ? r[0] : l.__k && Xt(l, 0), c, p),
        r && r.some(mn)),
      (c && S != "textarea") ||
        ((g = "value"),
        S == "progress" && M == null
          ? e.removeAttribute(g)
          : M == null || (M === e[g] && (S != "progress" || M)) || Rl(e, g, M, w[g], o),
        (g = "checked"),
        P != null && P != e[g] && Rl(e, g, P, w[g], o));
  } else w === A || (c && e.data == A) || (e.data = A);
  return e;
}
function Uo(e, t, l, n) {
  try {
    typeof e == "function"
      ? t
        ? (t.__x = e(t) || 1)
        : n && (n = n.__c || n.__e) && (t = n.__x) && ((n.__x = null), typeof t == "function" ? t() : e(null))
      : (e.current = t);
  } catch (o) {
    ge.__e(o, l);
  }
}
function Wo(e, t, l) {
  var n, o, r, s;
  if (
    (ge.unmount && ge.unmount(e), !(n = e.ref) || (n.current && n.current != e.__e) || Uo(n, null, t, e), (n = e.__c))
  ) {
    if (n.componentWillUnmount)
      try {
        n.componentWillUnmount();
      } catch (c) {
        ge.__e(c, t);
      }
    n.__P = n.__n = null;
  }
  if ((n = e.__k))
    for (s = 0; s < n.length; s++) n[s] && Wo(n[s], t, typeof e.type != "function" || (l && !e.props.__P));
  !l && (n = e.__c) && (n = n.__z) && (o = Ol(n, (r = []))) && (n == e.__e && r.some(mn), mn(o), mn(n)),
    l || mn(e.__e),
    (e.__e = e.__c = e.__ = null);
}
function xc(e, t, l) {
  return this.constructor(e, l);
}
function ki(e, t) {
  var l, n, o, r;
  ge.__ && ge.__(e, t),
    t.nodeType == 9 && (t = t.documentElement),
    (n = (l = e && 32 & e.__u) ? null : t.__k),
    (t.__k = sl(Vl, { children: [e] })),
    (o = []),
    (r = []),
    Vo(
      t,
      t.__k,
      n || Fl,
      Fl,
      t.namespaceURI,
      n ? null : t.firstChild ? Io.call(t.childNodes) : null,
      o,
      n ? n.__e : t.firstChild,
      l,
      r,
    ),
    xi(o, t.__k, r),
    (t.__k.props.children = null);
}
(ge = {
  __e: (e, t, l, n) => {
    for (var o, r, s; (t = t.__); )
      if ((o = t.__c) && !(1 & o.__g)) {
        o.__g |= 4;
        try {
          if (
            ((s = (r = o.constructor) && r.getDerivedStateFromError) && o.setState(r.getDerivedStateFromError(e)),
            o.componentDidCatch && (o.componentDidCatch(e, n || {}), (s = 1)),
            s && 8 & o.__g)
          )
            return void (o.__g |= 2);
        } catch (c) {
          e = c;
        }
      }
    throw ((Hl = 0), e);
  },
}),
  (gi = 0),
  (gc = (e) => e != null && e.constructor === al),
  (zl.prototype.setState = function (e, t) {
    var l = this.__s;
    (l && l != this.state) || (l = this.__s = gn({}, this.state)),
      typeof e == "function" && (e = e(gn({}, l), this.props)),
      e && (gn(l, e), this.__v && (t && this.__k.push(t), di(this)));
  }),
  (zl.prototype.forceUpdate = function (e) {
    this.__v && ((this.__g |= 4), e && this.__h.push(e), di(this));
  }),
  (zl.prototype.render = Vl),
  (Qt = []),
  (Hl = 0),
  (hi = (e, t) => e.__v.__b - t.__v.__b),
  (Nl = Symbol()),
  (_i = /(PointerCapture)$|Capture$/i),
  (Ho = 0),
  (Oo = {}),
  (hc = 0);
var ul,
  Re,
  Bo,
  Si,
  Go = Object.is,
  fl = 0,
  Ri = [],
  qo = [],
  Me = ge,
  Ti = Me.__b,
  Ci = Me.__r,
  Ei = Me.diffed,
  Pi = Me.__c,
  Mi = Me.unmount,
  Li = Me.__;
function Ko(e, t) {
  Me.__h && Me.__h(Re, e, fl || t), (fl = 0);
  var l = Re.__H || (Re.__H = { __: [], __h: [] });
  return e >= l.__.length && l.__.push({}), l.__[e];
}
function ae(e) {
  return (fl = 1), kc(Oi, e);
}
function kc(e, t, l) {
  var n = Ko(ul++, 2);
  if (
    ((n.t = e),
    !n.__c &&
      ((n.__ = [
        l ? l(t) : Oi(void 0, t),
        (r) => {
          var s = (n.__N || n.__)[0],
            c = n.t(s, r);
          Go(s, c) || ((n.__N = [c, n.__[1]]), n.__c.setState({}));
        },
      ]),
      (n.__c = Re),
      !Re.__f))
  ) {
    Re.__f = !0;
    var o = Re.shouldComponentUpdate;
    Re.shouldComponentUpdate = function (r, s, c) {
      var p = this.__H;
      if (!p) return !0;
      var m = !1,
        g = this.props != r;
      if (
        (p.__.some((h) => {
          h.__N && ((m = !0), Go(h.__[0], h.__N[0]) || (g = !0));
        }),
        o)
      ) {
        var v = o.call(this, r, s, c);
        return m ? v || g : v;
      }
      return !m || g;
    };
  }
  return n.__;
}
function je(e, t) {
  var l = Ko(ul++, 3);
  !Me.__s && zi(l.__H, t) && ((l.__P = !0), (l.__ = e), (l.u = t), Re.__H.__h.push(l));
}
function tt(e) {
  return (fl = 5), Ni(() => ({ current: e }), []);
}
function Ni(e, t) {
  var l = Ko(ul++, 7);
  return zi(l.__H, t) && ((l.__ = e()), (l.__H = t)), l.__;
}
function jo(e, t) {
  return (fl = 8), Ni(() => e, t);
}
function Sc() {
  var e;
  do {
    for (; (e = qo.shift()); )
      try {
        cl(e);
      } catch (l) {
        Me.__e(l, { __: (e = e.__P) && e.__v });
      }
    for (; (e = Ri.shift()); ) {
      var t = e.__H;
      if (e.__P && t)
        try {
          t.__h.some(cl), t.__h.some(Yo), (t.__h = []);
        } catch (l) {
          (t.__h = []), Me.__e(l, e.__v);
        }
    }
  } while (qo.length);
}
(Me.__b = (e) => {
  (Re = null), Ti && Ti(e);
}),
  (Me.__ = (e, t) => {
    e && t.__k && t.__k.__m && (e.__m = t.__k.__m), Li && Li(e, t);
  }),
  (Me.__r = (e) => {
    Ci && Ci(e), (ul = 0);
    var t = (Re = e.__c).__H;
    t &&
      (Bo == Re ? (Re.__h = []) : (t.__h.some(cl), t.__h.some(Yo), (ul = 0)),
      (t.__h = []),
      t.__.some((l) => {
        l.__N && (l.__ = l.__N), (l.u = l.__N = void 0);
      })),
      (Bo = Re);
  }),
  (Me.diffed = (e) => {
    Ei && Ei(e);
    var t = e.__c;
    t &&
      t.__H &&
      (t.__H.__h.length && Di(Ri.push(t)),
      t.__H.__.some((l) => {
        l.u && (l.__H = l.u);
      })),
      (Bo = Re = null);
  }),
  (Me.__c = (e, t) => {
    t.some((l) => {
      try {
        l.__h.some(cl), (l.__h = l.__h.filter((n) => !n.__ || Yo(n)));
      } catch (n) {
        l.__h = [
          () => {
            throw n;
          },
        ];
      }
    }),
      Pi && Pi(e, t);
  }),
  (Me.unmount = (e) => {
    Mi && Mi(e);
    var t,
      l,
      n = e.__c;
    n &&
      n.__H &&
      (n.__H.__.some((o) => {
        try {
          if (o.__P && o.__c) {
            if (l === void 0) {
              for (l = e.__; l && (!l.__c || !l.__c.__P); ) l = l.__;
              l = l && l.__c;
            }
            (o.__P = l), Di(qo.push(o));
          } else cl(o);
        } catch (r) {
          t = r;
        }
      }),
      (n.__H = void 0),
      t && Me.__e(t, n.__v));
  });
var Ai = typeof requestAnimationFrame == "function";
function Tc(e) {
  var t,
    l = () => {
      clearTimeout(n), Ai && cancelAnimationFrame(t), setTimeout(e);
    },
    n = setTimeout(l, 35);
  Ai && (t = requestAnimationFrame(l));
}
function Di(e) {
  (e != 1 && Si == Me.requestAnimationFrame) || ((Si = Me.requestAnimationFrame) || Tc)(Sc);
}
function cl(e) {
  var t = Re,
    l = e.__c;
  typeof l == "function" && ((e.__c = void 0), l()), (Re = t);
}
function Yo(e) {
  var t = Re;
  (e.__c = e.__()), (Re = t);
}
function zi(e, t) {
  return !e || e.length != t.length || t.some((l, n) => !Go(l, e[n]));
}
function Oi(e, t) {
  return typeof t == "function" ? t(e) : t;
}
var pl = class extends Error {
    constructor(l, n, o) {
      super(n);
      this.kind = l;
      this.status = o;
    }
    kind;
    status;
  },
  Jo = new Set(),
  Ul;
function Hi(e) {
  return Jo.add(e), () => Jo.delete(e);
}
function Fi() {
  for (const e of Jo) e();
  return new pl("login-required", "login required", 401);
}
async function Ii(e, t, l = {}) {
  let n;
  try {
    n = await fetch(t, { method: e, credentials: "same-origin", ...l });
  } catch (o) {
    throw new pl("network", `the daemon did not answer (${o.message})`);
  }
  if (n.status === 401) throw Fi();
  if (!n.ok) {
    const o = await n.json().catch(() => ({})),
      r = typeof o.error == "string" ? o.error : n.statusText;
    throw new pl("http", `${n.status} ${r}`, n.status);
  }
  return n;
}
async function hn(e, t) {
  return await (await Ii("GET", e, t ? { signal: t } : {})).json();
}
function Cc() {
  return (
    (Ul ??= hn("/api/session").then(
      (e) => e.csrf,
      (e) => {
        throw ((Ul = void 0), e);
      },
    )),
    Ul
  );
}
async function Ft(e, t, l, n = {}) {
  let o = { "X-CSRF-Token": await Cc(), ...n },
    r;
  l instanceof Blob ? (r = l) : l !== void 0 && ((o["Content-Type"] = "application/json"), (r = JSON.stringify(l)));
  const c = await (await Ii(e, t, { headers: o, ...(r === void 0 ? {} : { body: r }) })).text();
  return c ? JSON.parse(c) : {};
}
async function Vi() {
  await Ft("POST", "/api/logout").catch(() => {}), (Ul = void 0), Fi();
}
var Wl = new Map(),
  Zo = new Set(),
  dl,
  Qo = !1;
function Xo(e) {
  if (Qo !== e) {
    Qo = e;
    for (const t of Zo) t(e);
  }
}
function Ec() {
  const e = new EventSource("/api/events");
  (e.onopen = () => Xo(!0)),
    (e.onerror = () => {
      Xo(!1), hn("/api/session").catch(() => {});
    });
  for (const t of Wl.keys()) Ui(e, t);
  return e;
}
function Ui(e, t) {
  e.addEventListener(t, (l) => {
    let n = null;
    try {
      n = JSON.parse(l.data);
    } catch {}
    for (const o of Wl.get(t) ?? []) o(n);
  });
}
function er(e, t) {
  let l = Wl.get(e);
  return l || ((l = new Set()), Wl.set(e, l), dl && Ui(dl, e)), l.add(t), (dl ??= Ec()), () => l.delete(t);
}
function Wi(e) {
  return Zo.add(e), e(Qo), () => Zo.delete(e);
}
function Bi() {
  dl?.close(), (dl = void 0), Xo(!1);
}
function Ce(e, t) {
  const [l, n] = ae(void 0),
    [o, r] = ae(void 0),
    s = tt(0),
    c = jo(() => {
      if (!e) return;
      const p = ++s.current;
      hn(e).then(
        (m) => {
          p === s.current && (n(m), r(void 0));
        },
        (m) => {
          p === s.current && r(m.message);
        },
      );
    }, [e]);
  return (
    je(() => {
      n(void 0), c();
      const p = t.map((m) => er(m, c));
      return () => {
        s.current++;
        for (const m of p) m();
      };
    }, [c, t.join(",")]),
    { data: l, error: o, reload: c }
  );
}
function Bl(e, t) {
  const l = tt(t);
  (l.current = t), je(() => er(e, (n) => l.current(n)), [e]);
}
function en() {
  const [e, t] = ae(!1),
    [l, n] = ae(void 0),
    o = jo(async (r) => {
      t(!0), n(void 0);
      try {
        await r();
      } catch (s) {
        n(s.message);
      } finally {
        t(!1);
      }
    }, []);
  return { busy: e, error: l, run: o };
}
var qi = (e, t, l, n) => {
    var o;
    t[0] = 0;
    for (var r = 1; r < t.length; r++) {
      var s = t[r++],
        c = t[r] ? ((t[0] |= s ? 1 : 2), l[t[r++]]) : t[++r];
      s === 3
        ? (n[0] = c)
        : s === 4
          ? (n[1] = Object.assign(n[1] || {}, c))
          : s === 5
            ? ((n[1] = n[1] || {})[t[++r]] = c)
            : s === 6
              ? (n[1][t[++r]] += c + "")
              : s
                ? ((o = e.apply(c, qi(e, c, l, ["", null]))),
                  n.push(o),
                  c[0] ? (t[0] |= 2) : ((t[r - 2] = 0), (t[r] = o)))
                : n.push(c);
    }
    return n;
  },
  Gi = new Map();
function Yi(e) {
  var t = Gi.get(this);
  return (
    t || ((t = new Map()), Gi.set(this, t)),
    (t = qi(
      this,
      t.get(e) ||
        (t.set(
          e,
          (t = ((l) => {
            for (
              var n,
                o,
                r = 1,
                s = "",
                c = "",
                p = [0],
                m = (h) => {
                  r === 1 && (h || (s = s.replace(/^\s*\n\s*|\s*\n\s*$/g, "")))
                    ? p.push(0, h, s)
                    : r === 3 && (h || s)
                      ? (p.push(3, h, s), (r = 2))
                      : r === 2 && s === "..." && h
                        ? p.push(4, h, 0)
                        : r === 2 && s && !h
                          ? p.push(5, 0, !0, s)
                          : r >= 5 &&
                            ((s || (!h && r === 5)) && (p.push(r, 0, s, o), (r = 6)),
                            h && (p.push(r, h, 0, o), (r = 6))),
                    (s = "");
                },
                g = 0;
              g < l.length;
              g++
            ) {
              g && (r === 1 && m(), m(g));
              for (var v = 0; v < l[g].length; v++)
                (n = l[g][v]),
                  r === 1
                    ? n === "<"
                      ? (m(), (p = [p]), (r = 3))
                      : (s += n)
                    : r === 4
                      ? s === "--" && n === ">"
                        ? ((r = 1), (s = ""))
                        : (s = n + s[0])
                      : c
                        ? n === c
                          ? (c = "")
                          : (s += n)
                        : n === '"' || n === "'"
                          ? (c = n)
                          : n === ">"
                            ? (m(), (r = 1))
                            : r &&
                              (n === "="
                                ? ((r = 5), (o = s), (s = ""))
                                : n === "/" && (r < 5 || l[g][v + 1] === ">")
                                  ? (m(), r === 3 && (p = p[0]), (r = p), (p = p[0]).push(2, 0, r), (r = 0))
                                  : n === " " ||
                                      n === "	" ||
                                      n ===
                                        `
` ||
                                      n === "\r"
                                    ? (m(), (r = 2))
                                    : (s += n)),
                  r === 3 && s === "!--" && ((r = 4), (p = p[0]));
            }
            return m(), p;
          })(e)),
        ),
        t),
      arguments,
      [],
    )).length > 1
      ? t
      : t[0]
  );
}
var y = Yi.bind(Ke);
function wt(e) {
  if (!e) return "";
  const t = new Date(e);
  return Number.isNaN(t.getTime()) ? e : t.toLocaleString();
}
function ml(e) {
  const t = Math.max(0, Math.floor(e)),
    [l, n, o] = [Math.floor(t / 86400), Math.floor((t % 86400) / 3600), Math.floor((t % 3600) / 60)];
  return l ? `${l}d ${n}h` : n ? `${n}h ${o}m` : o ? `${o}m ${t % 60}s` : `${t}s`;
}
function Gl(e, t = Date.now()) {
  if (!e) return "";
  const l = new Date(e).getTime();
  return Number.isNaN(l) ? e : `${ml((t - l) / 1e3)} ago`;
}
function Un(e) {
  return e.toLocaleString("en-US");
}
function tr(e) {
  return e < 1 ? e.toFixed(4) : e.toFixed(2);
}
function Ee({ title: e, error: t, children: l }) {
  return y`<section class="page" aria-labelledby="page-title">
    <h1 id="page-title">${e}</h1>
    ${t && y`<p class="error" role="alert">${t}</p>`}
    ${l}
  </section>`;
}
function qe({ title: e, children: t }) {
  return y`<section class="card">
    <h2>${e}</h2>
    ${t}
  </section>`;
}
function nt() {
  return y`<p class="muted" aria-live="polite">Loading…</p>`;
}
function xe({ children: e }) {
  return y`<p class="muted empty">${e}</p>`;
}
function gl({ state: e }) {
  const t = /run|ok|connect|up|approved|once|conversation/i.test(e)
    ? "good"
    : /fail|error|down|deny|denied|stop|dead/i.test(e)
      ? "bad"
      : "warn";
  return y`<span class="badge ${t}">${e}</span>`;
}
function Ki() {
  const { data: e, error: t, reload: l } = Ce("/api/approvals", ["approvals"]);
  return y`<${Ee} title="Approvals" error=${t}>
    <${qe} title="Pending">
      ${e ? (e.pending.length ? e.pending.map((n) => y`<${Pc} key=${n.id} request=${n} onDone=${l} />`) : y`<${xe}>Nothing waits for approval.<//>`) : y`<${nt} />`}
    <//>
    <${qe} title="Recent decisions">
      ${
        e?.recent.length
          ? y`<table>
            <thead><tr><th scope="col">Time</th><th scope="col">Tool</th><th scope="col">Decision</th><th scope="col">By</th><th scope="col">Where</th></tr></thead>
            <tbody>${e.recent.map(
              (n) => y`<tr><td>${wt(n.time)}</td><td><code>${n.tool}</code></td>
                <td><${gl} state=${n.decision} /></td><td>${n.decided_by}</td><td>${n.where}</td></tr>`,
            )}</tbody>
          </table>`
          : y`<${xe}>No decision yet.<//>`
      }
    <//>
  <//>`;
}
function Pc({ request: e, onDone: t }) {
  const l = en(),
    n = (o) =>
      l.run(async () => {
        await Ft("POST", `/api/approvals/${encodeURIComponent(e.id)}`, { decision: o }), t();
      });
  return y`<article class="approval" aria-label=${`Approval of ${e.tool}`}>
    <p><code>${e.tool}</code> in <strong>${e.chat}</strong>, asked by ${e.requested_by}
      <span class="muted"> · expires ${wt(e.expires_at)}</span></p>
    <pre class="arguments">${e.arguments}</pre>
    ${l.error && y`<p class="error" role="alert">${l.error}</p>`}
    <div class="actions">
      <button type="button" disabled=${l.busy} onClick=${() => n("once")}>Approve once</button>
      ${
        e.offers_conversation !== !1 &&
        y`<button type="button" class="secondary" disabled=${l.busy} onClick=${() => n("conversation")}>
        Approve for this conversation
      </button>`
      }
      <button type="button" class="danger" disabled=${l.busy} onClick=${() => n("deny")}>Deny</button>
    </div>
  </article>`;
}
var Mc = /^ {0,3}(```+|~~~+)\s*([\w+-]*)\s*$/,
  Lc = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/,
  ji = /^ {0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/,
  Ac = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
function Ji(e) {
  return ql(
    e
      .replace(
        /\r\n?/g,
        `
`,
      )
      .split(`
`),
  );
}
function ql(e) {
  let t = [],
    l = [],
    n = () => {
      l.length &&
        t.push({
          type: "paragraph",
          children: Yl(
            l.join(`
`),
          ),
        }),
        (l = []);
    };
  for (let o = 0; o < e.length; o++) {
    const r = e[o],
      s = Mc.exec(r);
    if (s) {
      n();
      const m = s[1],
        g = [];
      for (o++; o < e.length && !e[o].trim().startsWith(m); o++) g.push(e[o]);
      t.push({
        type: "code-block",
        language: s[2] ?? "",
        text: g.join(`
`),
      });
      continue;
    }
    if (!r.trim()) {
      n();
      continue;
    }
    const c = Lc.exec(r);
    if (c) {
      n();
      const m = c[1].length;
      t.push({ type: "heading", level: m, children: Yl(c[2]) });
      continue;
    }
    if (Ac.test(r)) {
      n(), t.push({ type: "rule" });
      continue;
    }
    if (/^ {0,3}>/.test(r)) {
      n();
      const m = [];
      for (; o < e.length && /^ {0,3}>/.test(e[o]); o++) m.push(e[o].replace(/^ {0,3}> ?/, ""));
      o--, t.push({ type: "quote", children: ql(m) });
      continue;
    }
    const p = ji.exec(r);
    if (p) {
      n();
      const m = /\d/.test(p[1]),
        g = [];
      for (; o < e.length; o++) {
        const v = ji.exec(e[o]);
        if (v && /\d/.test(v[1]) === m) g.push(ql([v[2]]));
        else {
          if (v || !e[o].trim() || !/^\s{2,}/.test(e[o])) break;
          g.at(-1)?.push(...ql([e[o].trim()]));
        }
      }
      o--, t.push({ type: "list", ordered: m, items: g });
      continue;
    }
    l.push(r);
  }
  return n(), t;
}
var Dc = /^(https?:\/\/|mailto:)/i;
function Yl(e) {
  let t = [],
    l = "",
    n = (r) => {
      l && t.push({ type: "text", text: l }), (l = ""), t.push(r);
    },
    o = 0;
  for (; o < e.length; ) {
    const r = e.slice(o),
      s = e[o];
    if (s === "\\" && o + 1 < e.length && /[\\`*_~[\]()#>+\-.!]/.test(e[o + 1])) {
      (l += e[o + 1]), (o += 2);
      continue;
    }
    if (
      s ===
      `
`
    ) {
      n({ type: "break" }), o++;
      continue;
    }
    const c = /^(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/.exec(r);
    if (c) {
      n({ type: "code", text: c[2].trim() || c[2] }), (o += c[0].length);
      continue;
    }
    const p = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1|^(~~)(?=\S)([\s\S]*?\S)~~|^([*_])(?=\S)([\s\S]*?\S)\5(?![*_\w])/.exec(r);
    if (p && (p[5] !== "_" || !/\w/.test(e[o - 1] ?? ""))) {
      const v = p[1] ? "strong" : p[3] ? "del" : "em";
      n({ type: v, children: Yl(p[2] ?? p[4] ?? p[6]) }), (o += p[0].length);
      continue;
    }
    const m = /^\[([^\]\n]+)\]\(\s*<?((?:[^\s()<>]|\([^\s()<>]*\))+)>?\s*\)/.exec(r);
    if (m) {
      Dc.test(m[2]) ? n({ type: "link", href: m[2], children: Yl(m[1]) }) : (l += m[1]), (o += m[0].length);
      continue;
    }
    const g = /^https?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/.exec(r);
    if (g && !/\w/.test(e[o - 1] ?? "")) {
      n({ type: "link", href: g[0], children: [{ type: "text", text: g[0] }] }), (o += g[0].length);
      continue;
    }
    (l += s), o++;
  }
  return l && t.push({ type: "text", text: l }), t;
}
function jl({ text: e }) {
  return Ke("div", { class: "markdown" }, Ji(e).map(nr));
}
function nr(e) {
  switch (e.type) {
    case "paragraph":
      return Ke("p", null, e.children.map(Kl));
    case "heading":
      return Ke(`h${Math.min(e.level + 2, 6)}`, null, e.children.map(Kl));
    case "code-block":
      return Ke("pre", null, Ke("code", null, e.text));
    case "list":
      return Ke(
        e.ordered ? "ol" : "ul",
        null,
        e.items.map((t) => Ke("li", null, t.map(nr))),
      );
    case "quote":
      return Ke("blockquote", null, e.children.map(nr));
    case "rule":
      return Ke("hr", null);
  }
}
function Kl(e) {
  switch (e.type) {
    case "text":
      return e.text;
    case "code":
      return Ke("code", null, e.text);
    case "break":
      return Ke("br", null);
    case "link":
      return Ke("a", { href: e.href, target: "_blank", rel: "noopener noreferrer" }, e.children.map(Kl));
    default:
      return Ke(e.type, null, e.children.map(Kl));
  }
}
function Jl({ messages: e }) {
  const t = new Map();
  for (const n of e) n.role === "tool" && n.tool_call_id && t.set(n.tool_call_id, n);
  const l = e.filter((n) => n.role !== "tool" || !n.tool_call_id);
  return y`<ol class="transcript">
    ${l.map(
      (n) => y`<li class="message ${n.role}">
      <div class="message-meta">
        <strong>${n.role === "user" ? (n.sender ?? "user") : n.role}</strong>
        ${n.time && y`<time datetime=${n.time}>${wt(n.time)}</time>`}
      </div>
      ${n.role === "assistant" || n.role === "summary" ? n.text && y`<${jl} text=${n.text} />` : y`<div class="plain">${n.text}</div>`}
      ${n.tool_calls?.map((o) => {
        const r = t.get(o.id);
        return y`<details class="tool-call">
          <summary>Tool call <code>${o.name}</code>${r ? "" : " (no result)"}</summary>
          <h3>Arguments</h3>
          <pre>${Rc(o.arguments)}</pre>
          ${r && y`<h3>Result${r.truncated ? " (truncated)" : ""}</h3><pre>${r.text}</pre>`}
        </details>`;
      })}
    </li>`,
    )}
  </ol>`;
}
function Rc(e) {
  try {
    return JSON.stringify(JSON.parse(e), null, 2);
  } catch {
    return e;
  }
}
function Zi({ selected: e }) {
  const t = Ce("/api/chat/conversations", []),
    [l, n] = ae(e);
  je(() => n(e), [e]);
  const o = Ce(l ? `/api/chat/${encodeURIComponent(l)}` : void 0, []),
    [r, s] = ae(void 0),
    [c, p] = ae(""),
    [m, g] = ae(void 0),
    v = en(),
    h = tt(null),
    [d, x] = ae([]),
    M = tt(void 0),
    P = (k) => {
      if (k.kind === "final") {
        s(void 0), g(void 0), o.reload(), t.reload();
        return;
      }
      s((F) => {
        const z = F ?? { statuses: [], text: "" };
        return k.kind === "status"
          ? { ...z, statuses: [...z.statuses, { text: k.text, approval: k.approval }] }
          : k.kind === "error"
            ? { ...z, error: k.text }
            : { ...z, text: k.reset ? k.text : z.text + k.text };
      });
    };
  Bl("chat", (k) => {
    const F = k;
    if (F && M.current && !l) {
      M.current.push(F);
      return;
    }
    if (!F || F.conversation !== l) {
      t.reload();
      return;
    }
    P(F);
  });
  const L = (k) => {
      s(void 0), g(void 0), (location.hash = k ? `#/chat/${encodeURIComponent(k)}` : "#/chat"), n(k);
    },
    w = (k) => {
      k.preventDefault();
      const F = c.trim();
      F &&
        (g(F),
        s({ statuses: [], text: "" }),
        (M.current = []),
        v.run(async () => {
          try {
            const z = await Ft("POST", "/api/chat", { ...(l ? { conversation: l } : {}), text: F });
            p(""),
              x([]),
              z.conversation !== l &&
                ((location.hash = `#/chat/${encodeURIComponent(z.conversation)}`), n(z.conversation));
            for (const J of A()) J.conversation === z.conversation && P(J);
            t.reload();
          } catch (z) {
            throw (A(), s(void 0), g(void 0), z);
          }
        }));
    },
    A = () => {
      const k = M.current ?? [];
      return (M.current = void 0), k;
    },
    S = () => {
      const k = [...(h.current?.files ?? [])];
      k.length &&
        v.run(async () => {
          let F = l;
          for (const z of k) {
            const J = F ? `?conversation=${encodeURIComponent(F)}` : "",
              U = await Ft("POST", `/api/chat/files${J}`, z, {
                "X-File-Name": encodeURIComponent(z.name),
                "Content-Type": z.type || "application/octet-stream",
              });
            !F && U.conversation && ((F = U.conversation), L(F)), x((E) => [...E, z.name]);
          }
          h.current && (h.current.value = "");
        });
    },
    Y = (k) => {
      k.key === "Enter" && !k.shiftKey && !k.isComposing && w(k);
    };
  return y`<${Ee} title="Chat" error=${v.error ?? t.error}>
    <div class="split">
      <nav class="list-pane" aria-label="Web chat conversations">
        <button type="button" class="secondary" onClick=${() => L(void 0)}>New conversation</button>
        ${
          t.data?.conversations.length
            ? y`<ul class="conversation-list">${t.data.conversations.map(
                (k) => y`<li><a href=${`#/chat/${encodeURIComponent(k.id)}`}
                aria-current=${k.id === l ? "page" : void 0}>
                <strong>${k.title || "Untitled"}</strong><span class="muted">${Gl(k.last_activity)}</span></a></li>`,
              )}</ul>`
            : y`<${xe}>No web chat yet.<//>`
        }
      </nav>
      <div class="detail-pane chat-pane">
        <div class="chat-log" aria-live="polite">
          ${o.data && l ? y`<${Jl} messages=${o.data.messages} />` : null}
          ${!l && !r && y`<${xe}>Write to the agent below. <code>/new</code> starts a new conversation.<//>`}
          ${m && !o.data?.messages.some((k) => k.role === "user" && k.text === m) && y`<div class="message user pending-user"><div class="plain">${m}</div></div>`}
          ${
            r &&
            y`<div class="message assistant streaming" aria-busy="true">
            ${r.statuses.map(
              (k) => y`<div class="status-line">
                <span class="plain">${k.text}</span>
                ${k.approval && y` <a href="#/approvals">Decide on the Approvals page</a>`}
              </div>`,
            )}
            ${r.text ? y`<${jl} text=${r.text} />` : y`<div class="muted">…</div>`}
            ${r.error && y`<p class="error" role="alert">${r.error}</p>`}
          </div>`
          }
        </div>
        <form class="composer" onSubmit=${w}>
          <label for="chat-text" class="visually-hidden">Message</label>
          <textarea id="chat-text" rows="3" placeholder="Message the agent (Enter sends, Shift+Enter for a new line)"
            value=${c} onInput=${(k) => p(k.target.value)}
            onKeyDown=${Y}></textarea>
          <div class="composer-actions">
            <label class="file-button">Attach file<input ref=${h} type="file" multiple onChange=${S} /></label>
            ${d.length > 0 && y`<span class="muted">attached: ${d.join(", ")}</span>`}
            <button type="submit" disabled=${v.busy || !c.trim()}>Send</button>
          </div>
        </form>
      </div>
    </div>
  <//>`;
}
function Qi() {
  const { data: e, error: t } = Ce("/api/config", []),
    [l, n] = ae(""),
    [o, r] = ae(!1);
  if (!e) return y`<${Ee} title="Config" error=${t}>${!t && y`<${nt} />`}<//>`;
  const s = e.entries.filter((c) => c.key.includes(l.trim()) && (!o || c.source !== "default"));
  return y`<${Ee} title="Config" error=${t}>
    ${e.warnings.length > 0 && y`<${qe} title="Warnings"><ul class="plain-list">${e.warnings.map((c) => y`<li class="warning">${c}</li>`)}</ul><//>`}
    <form class="filters" role="search" onSubmit=${(c) => c.preventDefault()}>
      <label>Key <input type="search" value=${l} placeholder="e.g. channels.telegram"
        onInput=${(c) => n(c.target.value)} /></label>
      <label class="inline"><input type="checkbox" checked=${o}
        onChange=${(c) => r(c.target.checked)} /> Hide defaults</label>
    </form>
    <table class="config">
      <thead><tr><th scope="col">Key</th><th scope="col">Value</th><th scope="col">Source</th></tr></thead>
      <tbody>${s.map(
        (c) => y`<tr>
          <td><code>${c.key}</code></td>
          <td>${c.secret ? y`<span class="secret" title="secret">••••</span>` : y`<code class="value">${Nc(c.value)}</code>`}</td>
          <td><span class="source source-${c.source.replace(".", "")}">${c.source}</span></td>
        </tr>`,
      )}</tbody>
    </table>
  <//>`;
}
function Nc(e) {
  return typeof e == "string" ? e : JSON.stringify(e);
}
function Xi({ selected: e }) {
  const [t, l] = ae(""),
    [n, o] = ae(""),
    [r, s] = ae(""),
    c = new URLSearchParams();
  t.trim() && c.set("q", t.trim()), n && c.set("channel", n), r && c.set("agent", r);
  const p = `/api/conversations${c.size ? `?${c}` : ""}`,
    m = Ce(p, ["conversation"]),
    g = Ce("/api/conversations", ["conversation"]),
    v = [...new Set(g.data?.conversations.map((d) => d.channel))].sort(),
    h = [...new Set(g.data?.conversations.map((d) => d.agent))].sort();
  return y`<${Ee} title="Conversations" error=${m.error}>
    <form class="filters" role="search" onSubmit=${(d) => d.preventDefault()}>
      <label>Search <input type="search" value=${t} placeholder="text in any message"
        onInput=${(d) => l(d.target.value)} /></label>
      <label>Channel <select value=${n} onChange=${(d) => o(d.target.value)}>
        <option value="">all</option>${v.map((d) => y`<option value=${d}>${d}</option>`)}
      </select></label>
      ${
        h.length > 1 &&
        y`<label>Agent <select value=${r} onChange=${(d) => s(d.target.value)}>
        <option value="">all</option>${h.map((d) => y`<option value=${d}>${d}</option>`)}
      </select></label>`
      }
    </form>
    <div class="split">
      <nav class="list-pane" aria-label="Conversations">
        ${
          m.data
            ? m.data.conversations.length === 0
              ? y`<${xe}>${t ? "No conversation matches." : "No conversation yet."}<//>`
              : y`<ul class="conversation-list">${[...m.data.conversations]
                  .sort((d, x) => x.last_activity.localeCompare(d.last_activity))
                  .map(
                    (d) => y`<li>
                    <a href=${`#/conversations/${encodeURIComponent(d.key)}`}
                      aria-current=${d.key === e ? "page" : void 0}>
                      <strong>${d.title ?? d.chat_id}</strong>
                      <span class="muted">${[d.channel, ...(h.length > 1 ? [d.agent] : []), `${d.message_count} messages`, Gl(d.last_activity)].join(" \xB7 ")}</span>
                      ${d.match && y`<span class="match">${d.match}</span>`}
                    </a>
                  </li>`,
                  )}</ul>`
            : y`<${nt} />`
        }
      </nav>
      <div class="detail-pane">
        ${e ? y`<${zc} conversationKey=${e} />` : y`<${xe}>Choose a conversation.<//>`}
      </div>
    </div>
  <//>`;
}
function zc({ conversationKey: e }) {
  const { data: t, error: l } = Ce(`/api/conversations/${encodeURIComponent(e)}`, ["conversation"]);
  return y`<article aria-label="Transcript">
    <h2 class="transcript-title">${e}</h2>
    ${l && y`<p class="error" role="alert">${l}</p>`}
    ${t ? y`<${Jl} messages=${t.messages} />` : !l && y`<${nt} />`}
  </article>`;
}
var lr = ["trace", "debug", "info", "warn", "error", "fatal"],
  es = 1e3;
function ls() {
  const [e, t] = ae("info"),
    [l, n] = ae(""),
    [o, r] = ae([]),
    [s, c] = ae(void 0),
    [p, m] = ae(!0),
    g = tt(null),
    v = tt(void 0);
  return (
    je(() => {
      const h = new URLSearchParams({ level: e, limit: "500" });
      l && h.set("channel", l);
      let d = !0;
      return (
        (v.current = []),
        hn(`/api/logs?${h}`).then(
          (x) => {
            if (!d) return;
            const M = new Set(x.lines.map(ts)),
              P = (v.current ?? []).filter((L) => !M.has(ts(L)));
            (v.current = void 0), r([...x.lines, ...P].slice(-es)), c(void 0);
          },
          (x) => {
            d && c(x.message);
          },
        ),
        () => {
          d = !1;
        }
      );
    }, [e, l]),
    Bl("log", (h) => {
      const d = h;
      !d ||
        lr.indexOf(d.level) < lr.indexOf(e) ||
        (l && d.channel !== l) ||
        (v.current?.push(d), r((x) => [...x, d].slice(-es)));
    }),
    je(() => {
      p && g.current?.scrollIntoView({ block: "end" });
    }, [o, p]),
    y`<${Ee} title="Logs" error=${s}>
    <form class="filters" onSubmit=${(h) => h.preventDefault()}>
      <label>Level <select value=${e} onChange=${(h) => t(h.target.value)}>
        ${lr.map((h) => y`<option value=${h}>${h} and above</option>`)}
      </select></label>
      <label>Channel <input type="text" value=${l} placeholder="any" size="12"
        onChange=${(h) => n(h.target.value.trim())} /></label>
      <label class="inline"><input type="checkbox" checked=${p}
        onChange=${(h) => m(h.target.checked)} /> Follow</label>
    </form>
    <div class="log-tail" role="log" aria-label="Log lines">
      ${o.length === 0 && y`<${xe}>No log line matches.<//>`}
      ${o.map(
        (h) => y`<div class="log-line level-${h.level}">
          <time>${wt(h.time)}</time> <span class="level">${h.level}</span>
          ${h.channel && y`<span class="channel">[${h.channel}]</span>`} <span>${h.msg}</span>
          ${ns(h) && y`<span class="muted"> ${ns(h)}</span>`}
        </div>`,
      )}
      <div ref=${g}></div>
    </div>
  <//>`
  );
}
function ts(e) {
  return `${e.time} ${e.level} ${e.msg}`;
}
function ns(e) {
  return Object.entries(e)
    .filter(([t]) => !["time", "level", "msg", "channel"].includes(t))
    .map(([t, l]) => `${t}=${typeof l == "string" ? l : JSON.stringify(l)}`)
    .join(" ");
}
var Oc = "uplot",
  Hc = "u-hz",
  Fc = "u-vt",
  Ic = "u-title",
  Vc = "u-wrap",
  Uc = "u-under",
  Wc = "u-over",
  Bc = "u-axis",
  bn = "u-off",
  Gc = "u-select",
  qc = "u-cursor-x",
  Yc = "u-cursor-y",
  Kc = "u-cursor-pt",
  jc = "u-legend",
  Jc = "u-live",
  Zc = "u-inline",
  Qc = "u-series",
  Xc = "u-marker",
  os = "u-label",
  eu = "u-value",
  _l = "width",
  vl = "height";
var rs = "bottom",
  Wn = "left",
  or = "right",
  wr = "#000",
  is = wr + "0",
  rr = "mousemove",
  ss = "mousedown",
  ir = "mouseup",
  as = "mouseenter",
  cs = "mouseleave",
  us = "dblclick",
  tu = "resize",
  nu = "scroll",
  fs = "change",
  to = "dppxchange",
  $r = "--",
  Jn = typeof window < "u",
  fr = Jn ? document : null,
  Gn = Jn ? window : null,
  lu = Jn ? navigator : null,
  ie,
  Zl;
function pr() {
  const e = devicePixelRatio;
  ie != e &&
    ((ie = e),
    Zl && mr(fs, Zl, pr),
    (Zl = matchMedia(`(min-resolution: ${ie - 0.001}dppx) and (max-resolution: ${ie + 0.001}dppx)`)),
    yn(fs, Zl, pr),
    Gn.dispatchEvent(new CustomEvent(to)));
}
function pt(e, t) {
  if (t != null) {
    const l = e.classList;
    !l.contains(t) && l.add(t);
  }
}
function dr(e, t) {
  const l = e.classList;
  l.contains(t) && l.remove(t);
}
function be(e, t, l) {
  e.style[t] = l + "px";
}
function Pt(e, t, l, n) {
  const o = fr.createElement(e);
  return t != null && pt(o, t), l?.insertBefore(o, n), o;
}
function $t(e, t) {
  return Pt("div", e, t);
}
var ps = new WeakMap();
function It(e, t, l, n, o) {
  const r = "translate(" + t + "px," + l + "px)",
    s = ps.get(e);
  r != s && ((e.style.transform = r), ps.set(e, r), t < 0 || l < 0 || t > n || l > o ? pt(e, bn) : dr(e, bn));
}
var ds = new WeakMap();
function ms(e, t, l) {
  const n = t + l,
    o = ds.get(e);
  n != o && (ds.set(e, n), (e.style.background = t), (e.style.borderColor = l));
}
var gs = new WeakMap();
function hs(e, t, l, n) {
  const o = t + "" + l,
    r = gs.get(e);
  o != r &&
    (gs.set(e, o),
    (e.style.height = l + "px"),
    (e.style.width = t + "px"),
    (e.style.marginLeft = n ? -t / 2 + "px" : 0),
    (e.style.marginTop = n ? -l / 2 + "px" : 0));
}
var xr = { passive: !0 },
  ou = { ...xr, capture: !0 };
function yn(e, t, l, n) {
  t.addEventListener(e, l, n ? ou : xr);
}
function mr(e, t, l, n) {
  t.removeEventListener(e, l, xr);
}
Jn && pr();
function Mt(e, t, l, n) {
  let o;
  (l = l || 0), (n = n || t.length - 1);
  const r = n <= 2147483647;
  for (; n - l > 1; ) (o = r ? (l + n) >> 1 : dt((l + n) / 2)), t[o] < e ? (l = o) : (n = o);
  return e - t[l] <= t[n] - e ? l : n;
}
function Bs(e) {
  return (l, n, o) => {
    let r = -1,
      s = -1;
    for (let c = n; c <= o; c++)
      if (e(l[c])) {
        r = c;
        break;
      }
    for (let c = o; c >= n; c--)
      if (e(l[c])) {
        s = c;
        break;
      }
    return [r, s];
  };
}
var Gs = (e) => e != null,
  qs = (e) => e != null && e > 0,
  oo = Bs(Gs),
  ru = Bs(qs);
function iu(e, t, l, n = 0, o = !1) {
  const r = o ? ru : oo,
    s = o ? qs : Gs;
  [t, l] = r(e, t, l);
  let c = e[t],
    p = e[t];
  if (t > -1)
    if (n == 1) (c = e[t]), (p = e[l]);
    else if (n == -1) (c = e[l]), (p = e[t]);
    else
      for (let m = t; m <= l; m++) {
        const g = e[m];
        s(g) && (g < c ? (c = g) : g > p && (p = g));
      }
  return [c ?? pe, p ?? -pe];
}
function ro(e, t, l, n) {
  const o = bs(e),
    r = bs(t);
  e == t && (o == -1 ? ((e *= l), (t /= l)) : ((e /= l), (t *= l)));
  let s = l == 10 ? Bt : Ys,
    c = o == 1 ? dt : xt,
    p = r == 1 ? xt : dt,
    m = c(s(ze(e))),
    g = p(s(ze(t))),
    v = qn(l, m),
    h = qn(l, g);
  return (
    l == 10 && (m < 0 && (v = de(v, -m)), g < 0 && (h = de(h, -g))),
    n || l == 2 ? ((e = v * o), (t = h * r)) : ((e = Zs(e, v)), (t = io(t, h))),
    [e, t]
  );
}
function kr(e, t, l, n) {
  const o = ro(e, t, l, n);
  return e == 0 && (o[0] = 0), t == 0 && (o[1] = 0), o;
}
var Sr = 0.1,
  _s = { mode: 3, pad: Sr },
  yl = { pad: 0, soft: null, mode: 0 },
  su = { min: yl, max: yl };
function no(e, t, l, n) {
  return so(l) ? vs(e, t, l) : ((yl.pad = l), (yl.soft = n ? 0 : null), (yl.mode = n ? 3 : 0), vs(e, t, su));
}
function oe(e, t) {
  return e ?? t;
}
function au(e, t, l) {
  for (t = oe(t, 0), l = oe(l, e.length - 1); t <= l; ) {
    if (e[t] != null) return !0;
    t++;
  }
  return !1;
}
function vs(e, t, l) {
  let n = l.min,
    o = l.max,
    r = oe(n.pad, 0),
    s = oe(o.pad, 0),
    c = oe(n.hard, -pe),
    p = oe(o.hard, pe),
    m = oe(n.soft, pe),
    g = oe(o.soft, -pe),
    v = oe(n.mode, 0),
    h = oe(o.mode, 0),
    d = t - e,
    x = Bt(d),
    M = lt(ze(e), ze(t)),
    P = Bt(M),
    L = ze(P - x);
  (d < 1e-24 || L > 10) &&
    ((d = 0), (e == 0 || t == 0) && ((d = 1e-24), v == 2 && m != pe && (r = 0), h == 2 && g != -pe && (s = 0)));
  let w = d || M || 1e3,
    A = Bt(w),
    S = qn(10, dt(A)),
    Y = w * (d == 0 ? (e == 0 ? 0.1 : 1) : r),
    k = de(Zs(e - Y, S / 10), 24),
    F = e >= m && (v == 1 || (v == 3 && k <= m) || (v == 2 && k >= m)) ? m : pe,
    z = lt(c, k < F && e >= F ? F : Lt(F, k)),
    J = w * (d == 0 ? (t == 0 ? 0.1 : 1) : s),
    U = de(io(t + J, S / 10), 24),
    E = t <= g && (h == 1 || (h == 3 && U >= g) || (h == 2 && U <= g)) ? g : -pe,
    G = Lt(p, U > E && t <= E ? E : lt(E, U));
  return z == G && z == 0 && (G = 100), [z, G];
}
var cu = new Intl.NumberFormat(Jn ? lu.language : "en-US"),
  Tr = (e) => cu.format(e),
  mt = Math,
  eo = mt.PI,
  ze = mt.abs,
  dt = mt.floor,
  Ne = mt.round,
  xt = mt.ceil,
  Lt = mt.min,
  lt = mt.max,
  qn = mt.pow,
  bs = mt.sign,
  Bt = mt.log10,
  Ys = mt.log2,
  uu = (e, t = 1) => mt.sinh(e) * t,
  sr = (e, t = 1) => mt.asinh(e / t),
  pe = 1 / 0;
function ys(e) {
  return (Bt((e ^ (e >> 31)) - (e >> 31)) | 0) + 1;
}
function gr(e, t, l) {
  return Lt(lt(e, t), l);
}
function Ks(e) {
  return typeof e == "function";
}
function ee(e) {
  return Ks(e) ? e : () => e;
}
var fu = () => {},
  js = (e) => e,
  Js = (e, t) => t,
  pu = (e) => null,
  ws = (e) => !0,
  $s = (e, t) => e == t,
  du = /\.\d*?(?=9{6,}|0{6,})/gm,
  wn = (e) => {
    if (Xs(e) || nn.has(e)) return e;
    const t = `${e}`,
      l = t.match(du);
    if (l == null) return e;
    const n = l[0].length - 1;
    if (t.indexOf("e-") != -1) {
      const [o, r] = t.split("e");
      return +`${wn(o)}e${r}`;
    }
    return de(e, n);
  };
function _n(e, t) {
  return wn(de(wn(e / t)) * t);
}
function io(e, t) {
  return wn(xt(wn(e / t)) * t);
}
function Zs(e, t) {
  return wn(dt(wn(e / t)) * t);
}
function de(e, t = 0) {
  if (Xs(e)) return e;
  const l = 10 ** t,
    n = e * l * (1 + Number.EPSILON);
  return Ne(n) / l;
}
var nn = new Map();
function Qs(e) {
  return (("" + e).split(".")[1] || "").length;
}
function $l(e, t, l, n) {
  const o = [],
    r = n.map(Qs);
  for (let s = t; s < l; s++) {
    const c = ze(s),
      p = de(qn(e, s), c);
    for (let m = 0; m < n.length; m++) {
      const g = e == 10 ? +`${n[m]}e${s}` : n[m] * p,
        v = (s >= 0 ? 0 : c) + (s >= r[m] ? 0 : r[m]),
        h = e == 10 ? g : de(g, v);
      o.push(h), nn.set(h, v);
    }
  }
  return o;
}
var wl = {},
  Cr = [],
  Yn = [null, null],
  tn = Array.isArray,
  Xs = Number.isInteger,
  mu = (e) => e === void 0;
function xs(e) {
  return typeof e == "string";
}
function so(e) {
  let t = !1;
  if (e != null) {
    const l = e.constructor;
    t = l == null || l == Object;
  }
  return t;
}
function gu(e) {
  return e != null && typeof e == "object";
}
var hu = Object.getPrototypeOf(Uint8Array),
  ea = "__proto__";
function Kn(e, t = so) {
  let l;
  if (tn(e)) {
    const n = e.find((o) => o != null);
    if (tn(n) || t(n)) {
      l = Array(e.length);
      for (let o = 0; o < e.length; o++) l[o] = Kn(e[o], t);
    } else l = e.slice();
  } else if (e instanceof hu) l = e.slice();
  else if (t(e)) {
    l = {};
    for (const n in e) n != ea && (l[n] = Kn(e[n], t));
  } else l = e;
  return l;
}
function Le(e) {
  const t = arguments;
  for (let l = 1; l < t.length; l++) {
    const n = t[l];
    for (const o in n) o != ea && (so(e[o]) ? Le(e[o], Kn(n[o])) : (e[o] = Kn(n[o])));
  }
  return e;
}
var _u = 0,
  vu = 1,
  bu = 2;
function yu(e, t, l) {
  for (let n = 0, o, r = -1; n < t.length; n++) {
    const s = t[n];
    if (s > r) {
      for (o = s - 1; o >= 0 && e[o] == null; ) e[o--] = null;
      for (o = s + 1; o < l && e[o] == null; ) e[(r = o++)] = null;
    }
  }
}
function wu(e, t) {
  if (ku(e)) {
    let s = e[0].slice();
    for (let c = 1; c < e.length; c++) s.push(...e[c].slice(1));
    return Su(s[0]) || (s = xu(s)), s;
  }
  const l = new Set();
  for (let s = 0; s < e.length; s++) {
    const p = e[s][0],
      m = p.length;
    for (let g = 0; g < m; g++) l.add(p[g]);
  }
  const n = [Array.from(l).sort((s, c) => s - c)],
    o = n[0].length,
    r = new Map();
  for (let s = 0; s < o; s++) r.set(n[0][s], s);
  for (let s = 0; s < e.length; s++) {
    const c = e[s],
      p = c[0];
    for (let m = 1; m < c.length; m++) {
      const g = c[m],
        v = Array(o).fill(void 0),
        h = t ? t[s][m] : vu,
        d = [];
      for (let x = 0; x < g.length; x++) {
        const M = g[x],
          P = r.get(p[x]);
        M === null ? h != _u && ((v[P] = M), h == bu && d.push(P)) : (v[P] = M);
      }
      yu(v, d, o), n.push(v);
    }
  }
  return n;
}
var $u = typeof queueMicrotask > "u" ? (e) => Promise.resolve().then(e) : queueMicrotask;
function xu(e) {
  const t = e[0],
    l = t.length,
    n = Array(l);
  for (let r = 0; r < n.length; r++) n[r] = r;
  n.sort((r, s) => t[r] - t[s]);
  const o = [];
  for (let r = 0; r < e.length; r++) {
    const s = e[r],
      c = Array(l);
    for (let p = 0; p < l; p++) c[p] = s[n[p]];
    o.push(c);
  }
  return o;
}
function ku(e) {
  const t = e[0][0],
    l = t.length;
  for (let n = 1; n < e.length; n++) {
    const o = e[n][0];
    if (o.length != l) return !1;
    if (o != t) {
      for (let r = 0; r < l; r++) if (o[r] != t[r]) return !1;
    }
  }
  return !0;
}
function Su(e, t = 100) {
  const l = e.length;
  if (l <= 1) return !0;
  let n = 0,
    o = l - 1;
  for (; n <= o && e[n] == null; ) n++;
  for (; o >= n && e[o] == null; ) o--;
  if (o <= n) return !0;
  const r = lt(1, dt((o - n + 1) / t));
  for (let s = e[n], c = n + r; c <= o; c += r) {
    const p = e[c];
    if (p != null) {
      if (p <= s) return !1;
      s = p;
    }
  }
  return !0;
}
var ta = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  na = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
function la(e) {
  return e.slice(0, 3);
}
var Tu = na.map(la),
  Cu = ta.map(la),
  Eu = { MMMM: ta, MMM: Cu, WWWW: na, WWW: Tu };
function hl(e) {
  return (e < 10 ? "0" : "") + e;
}
function Pu(e) {
  return (e < 10 ? "00" : e < 100 ? "0" : "") + e;
}
var Mu = {
  YYYY: (e) => e.getFullYear(),
  YY: (e) => (e.getFullYear() + "").slice(2),
  MMMM: (e, t) => t.MMMM[e.getMonth()],
  MMM: (e, t) => t.MMM[e.getMonth()],
  MM: (e) => hl(e.getMonth() + 1),
  M: (e) => e.getMonth() + 1,
  DD: (e) => hl(e.getDate()),
  D: (e) => e.getDate(),
  WWWW: (e, t) => t.WWWW[e.getDay()],
  WWW: (e, t) => t.WWW[e.getDay()],
  HH: (e) => hl(e.getHours()),
  H: (e) => e.getHours(),
  h: (e) => {
    const t = e.getHours();
    return t == 0 ? 12 : t > 12 ? t - 12 : t;
  },
  AA: (e) => (e.getHours() >= 12 ? "PM" : "AM"),
  aa: (e) => (e.getHours() >= 12 ? "pm" : "am"),
  a: (e) => (e.getHours() >= 12 ? "p" : "a"),
  mm: (e) => hl(e.getMinutes()),
  m: (e) => e.getMinutes(),
  ss: (e) => hl(e.getSeconds()),
  s: (e) => e.getSeconds(),
  fff: (e) => Pu(e.getMilliseconds()),
};
function Er(e, t) {
  t = t || Eu;
  let l = [],
    n = /\{([a-z]+)\}|[^{]+/gi,
    o;
  for (; (o = n.exec(e)); ) l.push(o[0][0] == "{" ? Mu[o[1]] : o[0]);
  return (r) => {
    let s = "";
    for (let c = 0; c < l.length; c++) s += typeof l[c] == "string" ? l[c] : l[c](r, t);
    return s;
  };
}
var Lu = new Intl.DateTimeFormat().resolvedOptions().timeZone;
function Au(e, t) {
  let l;
  return (
    t == "UTC" || t == "Etc/UTC"
      ? (l = new Date(+e + e.getTimezoneOffset() * 6e4))
      : t == Lu
        ? (l = e)
        : ((l = new Date(e.toLocaleString("en-US", { timeZone: t }))), l.setMilliseconds(e.getMilliseconds())),
    l
  );
}
var oa = (e) => e % 1 == 0,
  lo = [1, 2, 2.5, 5],
  Du = $l(10, -32, 0, lo),
  ra = $l(10, 0, 32, lo),
  Ru = ra.filter(oa),
  vn = Du.concat(ra),
  Pr = `
`,
  ia = "{YYYY}",
  ks = Pr + ia,
  sa = "{M}/{D}",
  bl = Pr + sa,
  Ql = bl + "/{YY}",
  aa = "{aa}",
  Nu = "{h}:{mm}",
  Bn = Nu + aa,
  Ss = Pr + Bn,
  Ts = ":{ss}",
  ce = null;
function ca(e) {
  const t = e * 1e3,
    l = t * 60,
    n = l * 60,
    o = n * 24,
    r = o * 30,
    s = o * 365,
    p = (e == 1 ? $l(10, 0, 3, lo).filter(oa) : $l(10, -3, 0, lo)).concat([
      t,
      t * 5,
      t * 10,
      t * 15,
      t * 30,
      l,
      l * 5,
      l * 10,
      l * 15,
      l * 30,
      n,
      n * 2,
      n * 3,
      n * 4,
      n * 6,
      n * 8,
      n * 12,
      o,
      o * 2,
      o * 3,
      o * 4,
      o * 5,
      o * 6,
      o * 7,
      o * 8,
      o * 9,
      o * 10,
      o * 15,
      r,
      r * 2,
      r * 3,
      r * 4,
      r * 6,
      s,
      s * 2,
      s * 5,
      s * 10,
      s * 25,
      s * 50,
      s * 100,
    ]),
    m = [
      [s, ia, ce, ce, ce, ce, ce, ce, 1],
      [o * 28, "{MMM}", ks, ce, ce, ce, ce, ce, 1],
      [o, sa, ks, ce, ce, ce, ce, ce, 1],
      [n, "{h}" + aa, Ql, ce, bl, ce, ce, ce, 1],
      [l, Bn, Ql, ce, bl, ce, ce, ce, 1],
      [t, Ts, Ql + " " + Bn, ce, bl + " " + Bn, ce, Ss, ce, 1],
      [e, Ts + ".{fff}", Ql + " " + Bn, ce, bl + " " + Bn, ce, Ss, ce, 1],
    ];
  function g(v) {
    return (h, d, x, M, P, L) => {
      const w = [],
        A = P >= s,
        S = P >= r && P < s,
        Y = v(x),
        k = de(Y * e, 3),
        F = ar(Y.getFullYear(), A ? 0 : Y.getMonth(), S || A ? 1 : Y.getDate()),
        z = de(F * e, 3);
      if (S || A) {
        let J = S ? P / r : 0,
          U = A ? P / s : 0,
          E = k == z ? k : de(ar(F.getFullYear() + U, F.getMonth() + J, 1) * e, 3),
          G = new Date(Ne(E / e)),
          R = G.getFullYear(),
          K = G.getMonth();
        for (let B = 0; E <= M; B++) {
          const te = ar(R + U * B, K + J * B, 1),
            W = te - v(de(te * e, 3));
          (E = de((+te + W) * e, 3)), E <= M && w.push(E);
        }
      } else {
        let J = P >= o ? o : P,
          U = dt(x) - dt(k),
          E = z + U + io(k - z, J);
        w.push(E);
        let G = v(E),
          R = G.getHours() + G.getMinutes() / l + G.getSeconds() / n,
          K = P / n,
          B = h.axes[d]._space,
          te = L / B;
        for (; (E = de(E + P, e == 1 ? 0 : 3)), !(E > M); )
          if (K > 1) {
            let W = dt(de(R + K, 6)) % 24,
              ne = v(E).getHours() - W;
            ne > 1 && (ne = -1), (E -= ne * n), (R = (R + K) % 24);
            const ue = w[w.length - 1];
            de((E - ue) / P, 3) * te >= 0.7 && w.push(E);
          } else w.push(E);
      }
      return w;
    };
  }
  return [p, m, g];
}
var [zu, Ou, Hu] = ca(1),
  [Fu, Iu, Vu] = ca(0.001);
$l(2, -53, 53, [1]);
function Cs(e, t) {
  return e.map((l) => l.map((n, o) => (o == 0 || o == 8 || n == null ? n : t(o == 1 || l[8] == 0 ? n : l[1] + n))));
}
function Es(e, t) {
  return (l, n, o, r, s) => {
    let c = t.find((x) => s >= x[0]) || t[t.length - 1],
      p,
      m,
      g,
      v,
      h,
      d;
    return n.map((x) => {
      const M = e(x),
        P = M.getFullYear(),
        L = M.getMonth(),
        w = M.getDate(),
        A = M.getHours(),
        S = M.getMinutes(),
        Y = M.getSeconds(),
        k =
          (P != p && c[2]) ||
          (L != m && c[3]) ||
          (w != g && c[4]) ||
          (A != v && c[5]) ||
          (S != h && c[6]) ||
          (Y != d && c[7]) ||
          c[1];
      return (p = P), (m = L), (g = w), (v = A), (h = S), (d = Y), k(M);
    });
  };
}
function Uu(e, t) {
  const l = Er(t);
  return (n, o, r, s, c) => o.map((p) => l(e(p)));
}
function ar(e, t, l) {
  return new Date(e, t, l);
}
function Ps(e, t) {
  return t(e);
}
var Wu = "{YYYY}-{MM}-{DD} {h}:{mm}{aa}";
function Ms(e, t) {
  return (l, n, o, r) => (r == null ? $r : t(e(n)));
}
function Bu(e, t) {
  const l = e.series[t];
  return l.width ? l.stroke(e, t) : l.points.width ? l.points.stroke(e, t) : null;
}
function Gu(e, t) {
  return e.series[t].fill(e, t);
}
var qu = {
  show: !0,
  live: !0,
  isolate: !1,
  mount: fu,
  markers: { show: !0, width: 2, stroke: Bu, fill: Gu, dash: "solid" },
  idx: null,
  idxs: null,
  values: [],
};
function Yu(e, t) {
  const l = e.cursor.points,
    n = $t(),
    o = l.size(e, t);
  be(n, _l, o), be(n, vl, o);
  const r = o / -2;
  be(n, "marginLeft", r), be(n, "marginTop", r);
  const s = l.width(e, t, o);
  return s && be(n, "borderWidth", s), n;
}
function Ku(e, t) {
  const l = e.series[t].points;
  return l._fill || l._stroke;
}
function ju(e, t) {
  const l = e.series[t].points;
  return l._stroke || l._fill;
}
function Ju(e, t) {
  return e.series[t].points.size;
}
var cr = [0, 0];
function Zu(e, t, l) {
  return (cr[0] = t), (cr[1] = l), cr;
}
function Xl(e, t, l, n = !0) {
  return (o) => {
    o.button == 0 && (!n || o.target == t) && l(o);
  };
}
function ur(e, t, l, n = !0) {
  return (o) => {
    (!n || o.target == t) && l(o);
  };
}
var Qu = {
    show: !0,
    x: !0,
    y: !0,
    lock: !1,
    move: Zu,
    points: { one: !1, show: Yu, size: Ju, width: 0, stroke: ju, fill: Ku },
    bind: { mousedown: Xl, mouseup: Xl, click: Xl, dblclick: Xl, mousemove: ur, mouseleave: ur, mouseenter: ur },
    drag: {
      setScale: !0,
      x: !0,
      y: !1,
      dist: 0,
      uni: null,
      click: (e, t) => {
        t.stopPropagation(), t.stopImmediatePropagation();
      },
      _x: !1,
      _y: !1,
    },
    focus: { dist: (e, t, l, n, o) => n - o, prox: -1, bias: 0 },
    hover: { skip: [void 0], prox: null, bias: 0 },
    left: -10,
    top: -10,
    idx: null,
    dataIdx: null,
    idxs: null,
    event: null,
  },
  ua = { show: !0, stroke: "rgba(0,0,0,0.07)", width: 2 },
  Mr = Le({}, ua, { filter: Js }),
  fa = Le({}, Mr, { size: 10 }),
  pa = Le({}, ua, { show: !1 }),
  Lr =
    '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"',
  da = "bold " + Lr,
  ma = 1.5,
  Ls = {
    show: !0,
    scale: "x",
    stroke: wr,
    space: 50,
    gap: 5,
    alignTo: 1,
    size: 50,
    labelGap: 0,
    labelSize: 30,
    labelFont: da,
    side: 2,
    grid: Mr,
    ticks: fa,
    border: pa,
    font: Lr,
    lineGap: ma,
    rotate: 0,
  },
  Xu = "Value",
  ef = "Time",
  As = { show: !0, scale: "x", auto: !1, sorted: 1, min: pe, max: -pe, idxs: [] };
function tf(e, t, l, n, o) {
  return t.map((r) => (r == null ? "" : Tr(r)));
}
function nf(e, t, l, n, o, r, s) {
  const c = [],
    p = nn.get(o) || 0;
  l = s ? l : de(io(l, o), p);
  for (let m = l; m <= n; m = de(m + o, p)) c.push(Object.is(m, -0) ? 0 : m);
  return c;
}
function hr(e, t, l, n, o, r, s) {
  const c = [],
    p = e.scales[e.axes[t].scale].log,
    m = p == 10 ? Bt : Ys,
    g = dt(m(l));
  (o = qn(p, g)), p == 10 && (o = vn[Mt(o, vn)]);
  let v = l,
    h = o * p;
  p == 10 && (h = vn[Mt(h, vn)]);
  do
    c.push(v),
      (v = v + o),
      p == 10 && !nn.has(v) && (v = de(v, nn.get(o))),
      v >= h && ((o = v), (h = o * p), p == 10 && (h = vn[Mt(h, vn)]));
  while (v <= n);
  return c;
}
function lf(e, t, l, n, o, r, s) {
  const p = e.scales[e.axes[t].scale].asinh,
    m = n > p ? hr(e, t, lt(p, l), n, o) : [p],
    g = n >= 0 && l <= 0 ? [0] : [];
  return (l < -p ? hr(e, t, lt(p, -n), -l, o) : [p])
    .reverse()
    .map((h) => -h)
    .concat(g, m);
}
var ga = /./,
  of = /[12357]/,
  rf = /[125]/,
  Ds = /1/,
  _r = (e, t, l, n) =>
    e.map((o, r) => ((t == 4 && o == 0) || (r % n == 0 && l.test(o.toExponential()[o < 0 ? 1 : 0])) ? o : null));
function sf(e, t, l, n, o) {
  const r = e.axes[l],
    s = r.scale,
    c = e.scales[s],
    p = e.valToPos,
    m = r._space,
    g = p(10, s),
    v = p(9, s) - g >= m ? ga : p(7, s) - g >= m ? of : p(5, s) - g >= m ? rf : Ds;
  if (v == Ds) {
    const h = ze(p(1, s) - g);
    if (h < m) return _r(t.slice().reverse(), c.distr, v, xt(m / h)).reverse();
  }
  return _r(t, c.distr, v, 1);
}
function af(e, t, l, n, o) {
  const r = e.axes[l],
    s = r.scale,
    c = r._space,
    p = e.valToPos,
    m = ze(p(1, s) - p(2, s));
  return m < c ? _r(t.slice().reverse(), 3, ga, xt(c / m)).reverse() : t;
}
function cf(e, t, l, n) {
  return n == null ? $r : t == null ? "" : Tr(t);
}
var Rs = {
  show: !0,
  scale: "y",
  stroke: wr,
  space: 30,
  gap: 5,
  alignTo: 1,
  size: 50,
  labelGap: 0,
  labelSize: 30,
  labelFont: da,
  side: 3,
  grid: Mr,
  ticks: fa,
  border: pa,
  font: Lr,
  lineGap: ma,
  rotate: 0,
};
function uf(e, t) {
  const l = 3 + (e || 1) * 2;
  return de(l * t, 3);
}
function ff(e, t) {
  const { scale: l, idxs: n } = e.series[0],
    o = e._data[0],
    r = e.valToPos(o[n[0]], l, !0),
    s = e.valToPos(o[n[1]], l, !0),
    c = ze(s - r),
    p = e.series[t],
    m = c / (p.points.space * ie);
  return n[1] - n[0] <= m;
}
var Ns = { scale: null, auto: !0, sorted: 0, min: pe, max: -pe },
  ha = (e, t, l, n, o) => o,
  zs = {
    show: !0,
    auto: !0,
    sorted: 0,
    gaps: ha,
    alpha: 1,
    facets: [Le({}, Ns, { scale: "x" }), Le({}, Ns, { scale: "y" })],
  },
  Os = {
    scale: "y",
    auto: !0,
    sorted: 0,
    show: !0,
    spanGaps: !1,
    gaps: ha,
    alpha: 1,
    points: { show: ff, filter: null },
    values: null,
    min: pe,
    max: -pe,
    idxs: [],
    path: null,
    clip: null,
  };
function pf(e, t, l, n, o) {
  return l / 10;
}
var _a = { time: !0, auto: !0, distr: 1, log: 10, asinh: 1, min: null, max: null, dir: 1, ori: 0 },
  df = Le({}, _a, { time: !1, ori: 1 }),
  Hs = {};
function va(e, t) {
  let l = Hs[e];
  return (
    l ||
      ((l = {
        key: e,
        plots: [],
        sub(n) {
          l.plots.push(n);
        },
        unsub(n) {
          l.plots = l.plots.filter((o) => o != n);
        },
        pub(n, o, r, s, c, p, m) {
          for (let g = 0; g < l.plots.length; g++) l.plots[g] != o && l.plots[g].pub(n, o, r, s, c, p, m);
        },
      }),
      e != null && (Hs[e] = l)),
    l
  );
}
var jn = 1,
  vr = 2;
function $n(e, t, l) {
  const n = e.mode,
    o = e.series[t],
    r = n == 2 ? e._data[t] : e._data,
    s = e.scales,
    c = e.bbox,
    p = r[0],
    m = n == 2 ? r[1] : r[t],
    g = n == 2 ? s[o.facets[0].scale] : s[e.series[0].scale],
    v = n == 2 ? s[o.facets[1].scale] : s[o.scale],
    h = c.left,
    d = c.top,
    x = c.width,
    M = c.height,
    P = e.valToPosH,
    L = e.valToPosV;
  return g.ori == 0
    ? l(o, p, m, g, v, P, L, h, d, x, M, co, Zn, fo, ya, $a)
    : l(o, p, m, g, v, L, P, d, h, M, x, uo, Qn, Rr, wa, xa);
}
function Ar(e, t) {
  let l = 0,
    n = 0,
    o = oe(e.bands, Cr);
  for (let r = 0; r < o.length; r++) {
    const s = o[r];
    s.series[0] == t ? (l = s.dir) : s.series[1] == t && (s.dir == 1 ? (n |= 1) : (n |= 2));
  }
  return [l, n == 1 ? -1 : n == 2 ? 1 : n == 3 ? 2 : 0];
}
function mf(e, t, l, n, o) {
  const r = e.mode,
    s = e.series[t],
    c = r == 2 ? s.facets[1].scale : s.scale,
    p = e.scales[c];
  return o == -1 ? p.min : o == 1 ? p.max : p.distr == 3 ? (p.dir == 1 ? p.min : p.max) : 0;
}
function Gt(e, t, l, n, o, r) {
  return $n(e, t, (s, c, p, m, g, v, h, d, x, M, P) => {
    let L = s.pxRound,
      w = m.dir * (m.ori == 0 ? 1 : -1),
      A = m.ori == 0 ? Zn : Qn,
      S,
      Y;
    w == 1 ? ((S = l), (Y = n)) : ((S = n), (Y = l));
    const k = L(v(c[S], m, M, d)),
      F = L(h(p[S], g, P, x)),
      z = L(v(c[Y], m, M, d)),
      J = L(h(r == 1 ? g.max : g.min, g, P, x)),
      U = new Path2D(o);
    return A(U, z, J), A(U, k, J), A(U, k, F), U;
  });
}
function ao(e, t, l, n, o, r) {
  let s = null;
  if (e.length > 0) {
    s = new Path2D();
    let c = t == 0 ? fo : Rr,
      p = l;
    for (let v = 0; v < e.length; v++) {
      const h = e[v];
      if (h[1] > h[0]) {
        const d = h[0] - p;
        d > 0 && c(s, p, n, d, n + r), (p = h[1]);
      }
    }
    const m = l + o - p,
      g = 10;
    m > 0 && c(s, p, n - g / 2, m, n + r + g);
  }
  return s;
}
function gf(e, t, l) {
  const n = e[e.length - 1];
  n && n[0] == t ? (n[1] = l) : e.push([t, l]);
}
function Dr(e, t, l, n, o, r, s) {
  const c = [],
    p = e.length;
  for (let m = o == 1 ? l : n; m >= l && m <= n; m += o)
    if (t[m] === null) {
      let v = m,
        h = m;
      if (o == 1) for (; ++m <= n && t[m] === null; ) h = m;
      else for (; --m >= l && t[m] === null; ) h = m;
      let d = r(e[v]),
        x = h == v ? d : r(e[h]),
        M = v - o;
      d = s <= 0 && M >= 0 && M < p ? r(e[M]) : d;
      const L = h + o;
      (x = s >= 0 && L >= 0 && L < p ? r(e[L]) : x), x >= d && c.push([d, x]);
    }
  return c;
}
function Fs(e) {
  return e == 0 ? js : e == 1 ? Ne : (t) => _n(t, e);
}
function ba(e) {
  const t = e == 0 ? co : uo,
    l =
      e == 0
        ? (o, r, s, c, p, m) => {
            o.arcTo(r, s, c, p, m);
          }
        : (o, r, s, c, p, m) => {
            o.arcTo(s, r, p, c, m);
          },
    n =
      e == 0
        ? (o, r, s, c, p) => {
            o.rect(r, s, c, p);
          }
        : (o, r, s, c, p) => {
            o.rect(s, r, p, c);
          };
  return (o, r, s, c, p, m = 0, g = 0) => {
    m == 0 && g == 0
      ? n(o, r, s, c, p)
      : ((m = Lt(m, c / 2, p / 2)),
        (g = Lt(g, c / 2, p / 2)),
        t(o, r + m, s),
        l(o, r + c, s, r + c, s + p, m),
        l(o, r + c, s + p, r, s + p, g),
        l(o, r, s + p, r, s, g),
        l(o, r, s, r + c, s, m),
        o.closePath());
  };
}
var co = (e, t, l) => {
    e.moveTo(t, l);
  },
  uo = (e, t, l) => {
    e.moveTo(l, t);
  },
  Zn = (e, t, l) => {
    e.lineTo(t, l);
  },
  Qn = (e, t, l) => {
    e.lineTo(l, t);
  },
  fo = ba(0),
  Rr = ba(1),
  ya = (e, t, l, n, o, r) => {
    e.arc(t, l, n, o, r);
  },
  wa = (e, t, l, n, o, r) => {
    e.arc(l, t, n, o, r);
  },
  $a = (e, t, l, n, o, r, s) => {
    e.bezierCurveTo(t, l, n, o, r, s);
  },
  xa = (e, t, l, n, o, r, s) => {
    e.bezierCurveTo(l, t, o, n, s, r);
  };
function ka(e) {
  return (t, l, n, o, r) =>
    $n(t, l, (s, c, p, m, g, v, h, d, x, M, P) => {
      let { pxRound: L, points: w } = s,
        A,
        S;
      m.ori == 0 ? ((A = co), (S = ya)) : ((A = uo), (S = wa));
      const Y = de(w.width * ie, 3),
        k = ((w.size - w.width) / 2) * ie,
        F = de(k * 2, 3),
        z = new Path2D(),
        J = new Path2D(),
        { left: U, top: E, width: G, height: R } = t.bbox;
      fo(J, U - F, E - F, G + F * 2, R + F * 2);
      const K = (B) => {
        if (p[B] != null) {
          const te = L(v(c[B], m, M, d)),
            W = L(h(p[B], g, P, x));
          A(z, te + k, W), S(z, te, W, k, 0, eo * 2);
        }
      };
      if (r) r.forEach(K);
      else for (let B = n; B <= o; B++) K(B);
      return { stroke: Y > 0 ? z : null, fill: z, clip: J, flags: jn | vr };
    });
}
function Sa(e) {
  return (t, l, n, o, r, s) => {
    n != o && (r != n && s != n && e(t, l, n), r != o && s != o && e(t, l, o), e(t, l, s));
  };
}
var hf = Sa(Zn),
  _f = Sa(Qn);
function Ta(e) {
  const t = oe(e?.alignGaps, 0);
  return (l, n, o, r) =>
    $n(l, n, (s, c, p, m, g, v, h, d, x, M, P) => {
      [o, r] = oo(p, o, r);
      let L = s.pxRound,
        w = (R) => L(v(R, m, M, d)),
        A = (R) => L(h(R, g, P, x)),
        S,
        Y;
      m.ori == 0 ? ((S = Zn), (Y = hf)) : ((S = Qn), (Y = _f));
      let k = m.dir * (m.ori == 0 ? 1 : -1),
        F = { stroke: new Path2D(), fill: null, clip: null, band: null, gaps: null, flags: jn },
        z = F.stroke,
        J = !1;
      if (r - o >= M * 4) {
        let R = (I) => l.posToVal(I, m.key, !0),
          K = null,
          B = null,
          te,
          W,
          ot,
          ye = w(c[k == 1 ? o : r]),
          ne = w(c[o]),
          ue = w(c[r]),
          Q = R(k == 1 ? ne + 1 : ue - 1);
        for (let I = k == 1 ? o : r; I >= o && I <= r; I += k) {
          const Ae = c[I],
            we = (k == 1 ? Ae < Q : Ae > Q) ? ye : w(Ae),
            se = p[I];
          we == ye
            ? se != null
              ? ((W = se), K == null ? (S(z, we, A(W)), (te = K = B = W)) : W < K ? (K = W) : W > B && (B = W))
              : se === null && (J = !0)
            : (K != null && Y(z, ye, A(K), A(B), A(te), A(W)),
              se != null ? ((W = se), S(z, we, A(W)), (K = B = te = W)) : ((K = B = null), se === null && (J = !0)),
              (ye = we),
              (Q = R(ye + k)));
        }
        K != null && K != B && ot != ye && Y(z, ye, A(K), A(B), A(te), A(W));
      } else
        for (let R = k == 1 ? o : r; R >= o && R <= r; R += k) {
          const K = p[R];
          K === null ? (J = !0) : K != null && S(z, w(c[R]), A(K));
        }
      const [E, G] = Ar(l, n);
      if (s.fill != null || E != 0) {
        let R = (F.fill = new Path2D(z)),
          K = s.fillTo(l, n, s.min, s.max, E),
          B = A(K),
          te = w(c[o]),
          W = w(c[r]);
        k == -1 && ([W, te] = [te, W]), S(R, W, B), S(R, te, B);
      }
      if (!s.spanGaps) {
        let R = [];
        J && R.push(...Dr(c, p, o, r, k, w, t)),
          (F.gaps = R = s.gaps(l, n, o, r, R)),
          (F.clip = ao(R, m.ori, d, x, M, P));
      }
      return G != 0 && (F.band = G == 2 ? [Gt(l, n, o, r, z, -1), Gt(l, n, o, r, z, 1)] : Gt(l, n, o, r, z, G)), F;
    });
}
function vf(e) {
  const t = oe(e.align, 1),
    l = oe(e.ascDesc, !1),
    n = oe(e.alignGaps, 0),
    o = oe(e.extend, !1);
  return (r, s, c, p) =>
    $n(r, s, (m, g, v, h, d, x, M, P, L, w, A) => {
      [c, p] = oo(v, c, p);
      let S = m.pxRound,
        { left: Y, width: k } = r.bbox,
        F = (ne) => S(x(ne, h, w, P)),
        z = (ne) => S(M(ne, d, A, L)),
        J = h.ori == 0 ? Zn : Qn,
        U = { stroke: new Path2D(), fill: null, clip: null, band: null, gaps: null, flags: jn },
        E = U.stroke,
        G = h.dir * (h.ori == 0 ? 1 : -1),
        R = z(v[G == 1 ? c : p]),
        K = F(g[G == 1 ? c : p]),
        B = K,
        te = K;
      o && t == -1 && ((te = Y), J(E, te, R)), J(E, K, R);
      for (let ne = G == 1 ? c : p; ne >= c && ne <= p; ne += G) {
        const ue = v[ne];
        if (ue == null) continue;
        const Q = F(g[ne]),
          I = z(ue);
        t == 1 ? J(E, Q, R) : J(E, B, I), J(E, Q, I), (R = I), (B = Q);
      }
      let W = B;
      o && t == 1 && ((W = Y + k), J(E, W, R));
      const [ot, ye] = Ar(r, s);
      if (m.fill != null || ot != 0) {
        const ne = (U.fill = new Path2D(E)),
          ue = m.fillTo(r, s, m.min, m.max, ot),
          Q = z(ue);
        J(ne, W, Q), J(ne, te, Q);
      }
      if (!m.spanGaps) {
        let ne = [];
        ne.push(...Dr(g, v, c, p, G, F, n));
        const ue = (m.width * ie) / 2,
          Q = l || t == 1 ? ue : -ue,
          I = l || t == -1 ? -ue : ue;
        ne.forEach((Ae) => {
          (Ae[0] += Q), (Ae[1] += I);
        }),
          (U.gaps = ne = m.gaps(r, s, c, p, ne)),
          (U.clip = ao(ne, h.ori, P, L, w, A));
      }
      return ye != 0 && (U.band = ye == 2 ? [Gt(r, s, c, p, E, -1), Gt(r, s, c, p, E, 1)] : Gt(r, s, c, p, E, ye)), U;
    });
}
function Is(e, t, l, n, o, r, s = pe) {
  if (e.length > 1) {
    let c = null;
    for (let p = 0, m = 1 / 0; p < e.length; p++)
      if (t[p] !== void 0) {
        if (c != null) {
          const g = ze(e[p] - e[c]);
          g < m && ((m = g), (s = ze(l(e[p], n, o, r) - l(e[c], n, o, r))));
        }
        c = p;
      }
  }
  return s;
}
function bf(e) {
  e = e || wl;
  let t = oe(e.size, [0.6, pe, 1]),
    l = e.align || 0,
    n = e.gap || 0,
    o = e.radius;
  o = o == null ? [0, 0] : typeof o == "number" ? [o, 0] : o;
  const r = ee(o),
    s = 1 - t[0],
    c = oe(t[1], pe),
    p = oe(t[2], 1),
    m = oe(e.disp, wl),
    g = oe(e.each, (d) => {}),
    { fill: v, stroke: h } = m;
  return (d, x, M, P) =>
    $n(d, x, (L, w, A, S, Y, k, F, z, J, U, E) => {
      let G = L.pxRound,
        R = l,
        K = n * ie,
        B = c * ie,
        te = p * ie,
        W,
        ot;
      S.ori == 0 ? ([W, ot] = r(d, x)) : ([ot, W] = r(d, x));
      let ye = S.dir * (S.ori == 0 ? 1 : -1),
        ne = S.ori == 0 ? fo : Rr,
        ue =
          S.ori == 0
            ? g
            : (O, me, De, Tn, rn, Dt, sn) => {
                g(O, me, De, rn, Tn, sn, Dt);
              },
        Q = oe(d.bands, Cr).find((O) => O.series[0] == x),
        I = Q != null ? Q.dir : 0,
        Ae = L.fillTo(d, x, L.min, L.max, I),
        Je = G(F(Ae, Y, E, J)),
        we,
        se,
        kt,
        st = U,
        ke = G(L.width * ie),
        At = !1,
        Vt = null,
        gt = null,
        qt = null,
        xn = null;
      v != null &&
        (ke == 0 || h != null) &&
        ((At = !0),
        (Vt = v.values(d, x, M, P)),
        (gt = new Map()),
        new Set(Vt).forEach((O) => {
          O != null && gt.set(O, new Path2D());
        }),
        ke > 0 &&
          ((qt = h.values(d, x, M, P)),
          (xn = new Map()),
          new Set(qt).forEach((O) => {
            O != null && xn.set(O, new Path2D());
          })));
      const { x0: kn, size: Xn } = m;
      if (kn != null && Xn != null) {
        (R = 1), (w = kn.values(d, x, M, P)), kn.unit == 2 && (w = w.map((De) => d.posToVal(z + De * U, S.key, !0)));
        const O = Xn.values(d, x, M, P);
        Xn.unit == 2 ? (se = O[0] * U) : (se = k(O[0], S, U, z) - k(0, S, U, z)),
          (st = Is(w, A, k, S, U, z, st)),
          (kt = st - se + K);
      } else (st = Is(w, A, k, S, U, z, st)), (kt = st * s + K), (se = st - kt);
      kt < 1 && (kt = 0), ke >= se / 2 && (ke = 0), kt < 5 && (G = js);
      const kl = kt > 0,
        ln = st - kt - (kl ? ke : 0);
      (se = G(gr(ln, te, B))),
        (we = (R == 0 ? se / 2 : R == ye ? 0 : se) - R * ye * ((R == 0 ? K / 2 : 0) + (kl ? ke / 2 : 0)));
      let Ze = { stroke: null, fill: null, clip: null, band: null, gaps: null, flags: 0 },
        Sn = At ? null : new Path2D(),
        Ut = null;
      if (Q != null) Ut = d.data[Q.series[1]];
      else {
        const { y0: O, y1: me } = m;
        O != null && me != null && ((A = me.values(d, x, M, P)), (Ut = O.values(d, x, M, P)));
      }
      const on = W * se,
        Z = ot * se;
      for (let O = ye == 1 ? M : P; O >= M && O <= P; O += ye) {
        const me = A[O];
        if (me == null) continue;
        if (Ut != null) {
          const rt = Ut[O] ?? 0;
          if (me - rt == 0) continue;
          Je = F(rt, Y, E, J);
        }
        const De = S.distr != 2 || m != null ? w[O] : O,
          Tn = k(De, S, U, z),
          rn = F(oe(me, Ae), Y, E, J),
          Dt = G(Tn - we),
          sn = G(lt(rn, Je)),
          at = G(Lt(rn, Je)),
          ht = sn - at;
        if (me != null) {
          const rt = me < 0 ? Z : on,
            St = me < 0 ? on : Z;
          At
            ? (ke > 0 && qt[O] != null && ne(xn.get(qt[O]), Dt, at + dt(ke / 2), se, lt(0, ht - ke), rt, St),
              Vt[O] != null && ne(gt.get(Vt[O]), Dt, at + dt(ke / 2), se, lt(0, ht - ke), rt, St))
            : ne(Sn, Dt, at + dt(ke / 2), se, lt(0, ht - ke), rt, St),
            ue(d, x, O, Dt - ke / 2, at, se + ke, ht);
        }
      }
      return (
        ke > 0
          ? (Ze.stroke = At ? xn : Sn)
          : At || ((Ze._fill = L.width == 0 ? L._fill : (L._stroke ?? L._fill)), (Ze.width = 0)),
        (Ze.fill = At ? gt : Sn),
        Ze
      );
    });
}
function yf(e, t) {
  const l = oe(t?.alignGaps, 0);
  return (n, o, r, s) =>
    $n(n, o, (c, p, m, g, v, h, d, x, M, P, L) => {
      [r, s] = oo(m, r, s);
      let w = c.pxRound,
        A = (W) => w(h(W, g, P, x)),
        S = (W) => w(d(W, v, L, M)),
        Y,
        k,
        F;
      g.ori == 0 ? ((Y = co), (F = Zn), (k = $a)) : ((Y = uo), (F = Qn), (k = xa));
      let z = g.dir * (g.ori == 0 ? 1 : -1),
        J = A(p[z == 1 ? r : s]),
        U = J,
        E = [],
        G = [];
      for (let W = z == 1 ? r : s; W >= r && W <= s; W += z)
        if (m[W] != null) {
          const ye = p[W],
            ne = A(ye);
          E.push((U = ne)), G.push(S(m[W]));
        }
      const R = { stroke: e(E, G, Y, F, k, w), fill: null, clip: null, band: null, gaps: null, flags: jn },
        K = R.stroke,
        [B, te] = Ar(n, o);
      if (c.fill != null || B != 0) {
        const W = (R.fill = new Path2D(K)),
          ot = c.fillTo(n, o, c.min, c.max, B),
          ye = S(ot);
        F(W, U, ye), F(W, J, ye);
      }
      if (!c.spanGaps) {
        let W = [];
        W.push(...Dr(p, m, r, s, z, A, l)), (R.gaps = W = c.gaps(n, o, r, s, W)), (R.clip = ao(W, g.ori, x, M, P, L));
      }
      return te != 0 && (R.band = te == 2 ? [Gt(n, o, r, s, K, -1), Gt(n, o, r, s, K, 1)] : Gt(n, o, r, s, K, te)), R;
    });
}
function wf(e) {
  return yf($f, e);
}
function $f(e, t, l, n, o, r) {
  const s = e.length;
  if (s < 2) return null;
  const c = new Path2D();
  if ((l(c, e[0], t[0]), s == 2)) n(c, e[1], t[1]);
  else {
    const p = Array(s),
      m = Array(s - 1),
      g = Array(s - 1),
      v = Array(s - 1);
    for (let h = 0; h < s - 1; h++) (g[h] = t[h + 1] - t[h]), (v[h] = e[h + 1] - e[h]), (m[h] = g[h] / v[h]);
    p[0] = m[0];
    for (let h = 1; h < s - 1; h++)
      m[h] === 0 || m[h - 1] === 0 || m[h - 1] > 0 != m[h] > 0
        ? (p[h] = 0)
        : ((p[h] = (3 * (v[h - 1] + v[h])) / ((2 * v[h] + v[h - 1]) / m[h - 1] + (v[h] + 2 * v[h - 1]) / m[h])),
          isFinite(p[h]) || (p[h] = 0));
    p[s - 1] = m[s - 2];
    for (let h = 0; h < s - 1; h++)
      o(
        c,
        e[h] + v[h] / 3,
        t[h] + (p[h] * v[h]) / 3,
        e[h + 1] - v[h] / 3,
        t[h + 1] - (p[h + 1] * v[h]) / 3,
        e[h + 1],
        t[h + 1],
      );
  }
  return c;
}
var br = new Set();
function Vs() {
  for (const e of br) e.syncRect(!0);
}
Jn &&
  (yn(tu, Gn, Vs),
  yn(nu, Gn, Vs, !0),
  yn(to, Gn, () => {
    We.pxRatio = ie;
  }));
var xf = Ta(),
  kf = ka();
function Us(e, t, l, n) {
  return (n ? [e[0], e[1]].concat(e.slice(2)) : [e[0]].concat(e.slice(1))).map((r, s) => yr(r, s, t, l));
}
function Sf(e, t) {
  return e.map((l, n) => (n == 0 ? {} : Le({}, t, l)));
}
function yr(e, t, l, n) {
  return Le({}, t == 0 ? l : n, e);
}
function Ca(e, t, l) {
  return t == null ? Yn : [t, l];
}
var Tf = Ca;
function Cf(e, t, l) {
  return t == null ? Yn : no(t, l, Sr, !0);
}
function Ea(e, t, l, n) {
  return t == null ? Yn : ro(t, l, e.scales[n].log, !1);
}
var Ef = Ea;
function Pa(e, t, l, n) {
  return t == null ? Yn : kr(t, l, e.scales[n].log, !1);
}
var Pf = Pa;
function Mf(e, t, l, n, o) {
  let r = lt(ys(e), ys(t)),
    s = t - e,
    c = Mt((o / n) * s, l);
  do {
    const p = l[c],
      m = (n * p) / s;
    if (m >= o && r + (p < 5 ? nn.get(p) : 0) <= 17) return [p, m];
  } while (++c < l.length);
  return [0, 0];
}
function Ws(e) {
  let t, l;
  return (e = e.replace(/(\d+)px/, (n, o) => (t = Ne((l = +o) * ie)) + "px")), [e, t, l];
}
function Lf(e) {
  e.show &&
    [e.font, e.labelFont].forEach((t) => {
      const l = de(t[2] * ie, 1);
      (t[0] = t[0].replace(/[0-9.]+px/, l + "px")), (t[1] = l);
    });
}
function We(e, t, l) {
  const n = { mode: oe(e.mode, 1) },
    o = n.mode;
  function r(i, a, u, f) {
    const _ = a.valToPct(i);
    return f + u * (a.dir == -1 ? 1 - _ : _);
  }
  function s(i, a, u, f) {
    const _ = a.valToPct(i);
    return f + u * (a.dir == -1 ? _ : 1 - _);
  }
  function c(i, a, u, f) {
    return a.ori == 0 ? r(i, a, u, f) : s(i, a, u, f);
  }
  (n.valToPosH = r), (n.valToPosV = s);
  let p = !1;
  n.status = 0;
  const m = (n.root = $t(Oc));
  if ((e.id != null && (m.id = e.id), pt(m, e.class), e.title)) {
    const i = $t(Ic, m);
    i.textContent = e.title;
  }
  const g = Pt("canvas"),
    v = (n.ctx = g.getContext("2d")),
    h = $t(Vc, m);
  yn(
    "click",
    h,
    (i) => {
      i.target === x && (he != On || $e != Hn) && Ge.click(n, i);
    },
    !0,
  );
  const d = (n.under = $t(Uc, h));
  h.appendChild(g);
  const x = (n.over = $t(Wc, h));
  e = Kn(e);
  const M = +oe(e.pxAlign, 1),
    P = Fs(M);
  (e.plugins || []).forEach((i) => {
    i.opts && (e = i.opts(n, e) || e);
  });
  const L = e.ms || 0.001,
    w = (n.series = o == 1 ? Us(e.series || [], As, Os, !1) : Sf(e.series || [null], zs)),
    A = (n.axes = Us(e.axes || [], Ls, Rs, !0)),
    S = (n.scales = {}),
    Y = (n.bands = e.bands || []);
  Y.forEach((i) => {
    (i.fill = ee(i.fill || null)), (i.dir = oe(i.dir, -1));
  });
  const k = o == 2 ? w[1].facets[0].scale : w[0].scale,
    F = { axes: ec, series: ja },
    z = (e.drawOrder || ["axes", "series"]).map((i) => F[i]);
  function J(i) {
    const a =
      i.distr == 3
        ? (u) => Bt(u > 0 ? u : i.clamp(n, u, i.min, i.max, i.key))
        : i.distr == 4
          ? (u) => sr(u, i.asinh)
          : i.distr == 100
            ? (u) => i.fwd(u)
            : (u) => u;
    return (u) => {
      const f = a(u),
        { _min: _, _max: b } = i,
        $ = b - _;
      return (f - _) / $;
    };
  }
  function U(i) {
    let a = S[i];
    if (a == null) {
      const u = (e.scales || wl)[i] || wl;
      if (u.from != null) {
        U(u.from);
        const f = Le({}, S[u.from], u, { key: i });
        (f.valToPct = J(f)), (S[i] = f);
      } else {
        (a = S[i] = Le({}, i == k ? _a : df, u)), (a.key = i);
        let f = a.time,
          _ = a.range,
          b = tn(_);
        if (
          (i != k || (o == 2 && !f)) &&
          (b &&
            (_[0] == null || _[1] == null) &&
            ((_ = {
              min: _[0] == null ? _s : { mode: 1, hard: _[0], soft: _[0] },
              max: _[1] == null ? _s : { mode: 1, hard: _[1], soft: _[1] },
            }),
            (b = !1)),
          !b && so(_))
        ) {
          const $ = _;
          _ = (T, C, D) => (C == null ? Yn : no(C, D, $));
        }
        (a.range = ee(
          _ ||
            (f
              ? Tf
              : i == k
                ? a.distr == 3
                  ? Ef
                  : a.distr == 4
                    ? Pf
                    : Ca
                : a.distr == 3
                  ? Ea
                  : a.distr == 4
                    ? Pa
                    : Cf),
        )),
          (a.auto = ee(b ? !1 : a.auto)),
          (a.clamp = ee(a.clamp || pf)),
          (a._min = a._max = null),
          (a.valToPct = J(a));
      }
    }
  }
  U("x"),
    U("y"),
    o == 1 &&
      w.forEach((i) => {
        U(i.scale);
      }),
    A.forEach((i) => {
      U(i.scale);
    });
  for (const i in e.scales) U(i);
  let E = S[k],
    G = E.distr,
    R,
    K;
  E.ori == 0 ? (pt(m, Hc), (R = r), (K = s)) : (pt(m, Fc), (R = s), (K = r));
  const B = {};
  for (const i in S) {
    const a = S[i];
    (a.min != null || a.max != null) && ((B[i] = { min: a.min, max: a.max }), (a.min = a.max = null));
  }
  const te = e.tzDate || ((i) => new Date(Ne(i / L))),
    W = e.fmtDate || Er,
    ot = L == 1 ? Hu(te) : Vu(te),
    ye = Es(te, Cs(L == 1 ? Ou : Iu, W)),
    ne = Ms(te, Ps(Wu, W)),
    ue = [],
    Q = (n.legend = Le({}, qu, e.legend)),
    I = (n.cursor = Le({}, Qu, { drag: { y: o == 2 } }, e.cursor)),
    Ae = Q.show,
    Je = I.show,
    we = Q.markers;
  (Q.idxs = ue),
    (we.width = ee(we.width)),
    (we.dash = ee(we.dash)),
    (we.stroke = ee(we.stroke)),
    (we.fill = ee(we.fill));
  let se,
    kt,
    st,
    ke = [],
    At = [],
    Vt,
    gt = !1,
    qt = {};
  if (Q.live) {
    const i = w[1] ? w[1].values : null;
    (gt = i != null), (Vt = gt ? i(n, 1, 0) : { _: 0 });
    for (const a in Vt) qt[a] = $r;
  }
  if (Ae)
    if (((se = Pt("table", jc, m)), (st = Pt("tbody", null, se)), Q.mount(n, se), gt)) {
      kt = Pt("thead", null, se, st);
      const i = Pt("tr", null, kt);
      Pt("th", null, i);
      for (var xn in Vt) Pt("th", os, i).textContent = xn;
    } else pt(se, Zc), Q.live && pt(se, Jc);
  const kn = { show: !0 },
    Xn = { show: !1 };
  function kl(i, a) {
    if (a == 0 && (gt || !Q.live || o == 2)) return Yn;
    const u = [],
      f = Pt("tr", Qc, st, st.childNodes[a]);
    pt(f, i.class), i.show || pt(f, bn);
    const _ = Pt("th", null, f);
    if (we.show) {
      const T = $t(Xc, _);
      if (a > 0) {
        const C = we.width(n, a);
        C && (T.style.border = C + "px " + we.dash(n, a) + " " + we.stroke(n, a)), (T.style.background = we.fill(n, a));
      }
    }
    const b = $t(os, _);
    i.label instanceof HTMLElement ? b.appendChild(i.label) : (b.textContent = i.label),
      a > 0 &&
        (we.show || (b.style.color = i.width > 0 ? we.stroke(n, a) : we.fill(n, a)),
        Ze(
          "click",
          _,
          (T) => {
            if (I._lock) return;
            cn(T);
            const C = w.indexOf(i);
            if ((T.ctrlKey || T.metaKey) != Q.isolate) {
              const D = w.some((N, H) => H > 0 && H != C && N.show);
              w.forEach((N, H) => {
                H > 0 && Nt(H, D ? (H == C ? kn : Xn) : kn, !0, Pe.setSeries);
              });
            } else Nt(C, { show: !i.show }, !0, Pe.setSeries);
          },
          !1,
        ),
        En &&
          Ze(
            as,
            _,
            (T) => {
              I._lock || (cn(T), Nt(w.indexOf(i), In, !0, Pe.setSeries));
            },
            !1,
          ));
    for (var $ in Vt) {
      const T = Pt("td", eu, f);
      (T.textContent = "--"), u.push(T);
    }
    return [f, u];
  }
  const ln = new Map();
  function Ze(i, a, u, f = !0) {
    const _ = ln.get(a) || {},
      b = I.bind[i](n, a, u, f);
    b && (yn(i, a, (_[i] = b)), ln.set(a, _));
  }
  function Sn(i, a, u) {
    const f = ln.get(a) || {};
    for (const _ in f) (i == null || _ == i) && (mr(_, a, f[_]), delete f[_]);
    i == null && ln.delete(a);
  }
  let Ut = 0,
    on = 0,
    Z = 0,
    O = 0,
    me = 0,
    De = 0,
    Tn = me,
    rn = De,
    Dt = Z,
    sn = O,
    at = 0,
    ht = 0,
    rt = 0,
    St = 0;
  n.bbox = {};
  let po = !1,
    Sl = !1,
    Cn = !1,
    an = !1,
    Tl = !1,
    _t = !1;
  function mo(i, a, u) {
    (u || i != n.width || a != n.height) && Or(i, a), Dn(!1), (Cn = !0), (Sl = !0), Rn();
  }
  function Or(i, a) {
    (n.width = Ut = Z = i), (n.height = on = O = a), (me = De = 0), Ua(), Wa();
    const u = n.bbox;
    (at = u.left = _n(me * ie, 0.5)),
      (ht = u.top = _n(De * ie, 0.5)),
      (rt = u.width = _n(Z * ie, 0.5)),
      (St = u.height = _n(O * ie, 0.5));
  }
  const Fa = 3;
  function Ia() {
    let i = !1,
      a = 0;
    for (; !i; ) {
      a++;
      const u = Qa(a),
        f = Xa(a);
      (i = a == Fa || (u && f)), i || (Or(n.width, n.height), (Sl = !0));
    }
  }
  function Va({ width: i, height: a }) {
    mo(i, a);
  }
  n.setSize = Va;
  function Ua() {
    let i = !1,
      a = !1,
      u = !1,
      f = !1;
    A.forEach((_, b) => {
      if (_.show && _._show) {
        const { side: $, _size: T } = _,
          C = $ % 2,
          D = _.label != null ? _.labelSize : 0,
          N = T + D;
        N > 0 &&
          (C
            ? ((Z -= N), $ == 3 ? ((me += N), (f = !0)) : (u = !0))
            : ((O -= N), $ == 0 ? ((De += N), (i = !0)) : (a = !0)));
      }
    }),
      (un[0] = i),
      (un[1] = u),
      (un[2] = a),
      (un[3] = f),
      (Z -= Yt[1] + Yt[3]),
      (me += Yt[3]),
      (O -= Yt[2] + Yt[0]),
      (De += Yt[0]);
  }
  function Wa() {
    let i = me + Z,
      a = De + O,
      u = me,
      f = De;
    function _(b, $) {
      switch (b) {
        case 1:
          return (i += $), i - $;
        case 2:
          return (a += $), a - $;
        case 3:
          return (u -= $), u + $;
        case 0:
          return (f -= $), f + $;
      }
    }
    A.forEach((b, $) => {
      if (b.show && b._show) {
        const T = b.side;
        (b._pos = _(T, b._size)), b.label != null && (b._lpos = _(T, b.labelSize));
      }
    });
  }
  if (I.dataIdx == null) {
    const i = I.hover,
      a = (i.skip = new Set(i.skip ?? []));
    a.add(void 0);
    const u = (i.prox = ee(i.prox)),
      f = (i.bias ??= 0);
    I.dataIdx = (_, b, $, T) => {
      if (b == 0) return $;
      let C = $,
        D = u(_, b, $, T) ?? pe,
        N = D >= 0 && D < pe,
        H = E.ori == 0 ? Z : O,
        j = I.left,
        re = t[0],
        le = t[b];
      if (a.has(le[$])) {
        C = null;
        let X = null,
          q = null,
          V;
        if (f == 0 || f == -1) for (V = $; X == null && V-- > 0; ) a.has(le[V]) || (X = V);
        if (f == 0 || f == 1) for (V = $; q == null && V++ < le.length; ) a.has(le[V]) || (q = V);
        if (X != null || q != null)
          if (N) {
            const ve = X == null ? -1 / 0 : R(re[X], E, H, 0),
              Se = q == null ? 1 / 0 : R(re[q], E, H, 0),
              Ue = j - ve,
              fe = Se - j;
            Ue <= fe ? Ue <= D && (C = X) : fe <= D && (C = q);
          } else C = q == null ? X : X == null ? q : $ - X <= q - $ ? X : q;
      } else N && ze(j - R(re[$], E, H, 0)) > D && (C = null);
      return C;
    };
  }
  const cn = (i) => {
    I.event = i;
  };
  (I.idxs = ue), (I._lock = !1);
  const Ye = I.points;
  (Ye.show = ee(Ye.show)),
    (Ye.size = ee(Ye.size)),
    (Ye.stroke = ee(Ye.stroke)),
    (Ye.width = ee(Ye.width)),
    (Ye.fill = ee(Ye.fill));
  const Rt = (n.focus = Le({}, e.focus || { alpha: 0.3 }, I.focus)),
    En = Rt.prox >= 0,
    Pn = En && Ye.one,
    vt = [],
    Mn = [],
    Ln = [];
  function Hr(i, a) {
    const u = Ye.show(n, a);
    if (u instanceof HTMLElement) return pt(u, Kc), pt(u, i.class), It(u, -10, -10, Z, O), x.insertBefore(u, vt[a]), u;
  }
  function Fr(i, a) {
    if (o == 1 || a > 0) {
      const u = o == 1 && S[i.scale].time,
        f = i.value;
      (i.value = u ? (xs(f) ? Ms(te, Ps(f, W)) : f || ne) : f || cf), (i.label = i.label || (u ? ef : Xu));
    }
    if (Pn || a > 0) {
      (i.width = i.width == null ? 1 : i.width),
        (i.paths = i.paths || xf || pu),
        (i.fillTo = ee(i.fillTo || mf)),
        (i.pxAlign = +oe(i.pxAlign, M)),
        (i.pxRound = Fs(i.pxAlign)),
        (i.stroke = ee(i.stroke || null)),
        (i.fill = ee(i.fill || null)),
        (i._stroke = i._fill = i._paths = i._focus = null);
      const u = uf(lt(1, i.width), 1),
        f = (i.points = Le(
          {},
          { size: u, width: lt(1, u * 0.2), stroke: i.stroke, space: u * 2, paths: kf, _stroke: null, _fill: null },
          i.points,
        ));
      (f.show = ee(f.show)),
        (f.filter = ee(f.filter)),
        (f.fill = ee(f.fill)),
        (f.stroke = ee(f.stroke)),
        (f.paths = ee(f.paths)),
        (f.pxAlign = i.pxAlign);
    }
    if (Ae) {
      const u = kl(i, a);
      ke.splice(a, 0, u[0]), At.splice(a, 0, u[1]), Q.values.push(null);
    }
    if (Je) {
      ue.splice(a, 0, null);
      let u = null;
      Pn ? a == 0 && (u = Hr(i, a)) : a > 0 && (u = Hr(i, a)),
        vt.splice(a, 0, u),
        Mn.splice(a, 0, 0),
        Ln.splice(a, 0, 0);
    }
    Ve("addSeries", a);
  }
  function Ba(i, a) {
    (a = a ?? w.length), (i = o == 1 ? yr(i, a, As, Os) : yr(i, a, {}, zs)), w.splice(a, 0, i), Fr(w[a], a);
  }
  n.addSeries = Ba;
  function Ga(i) {
    if ((w.splice(i, 1), Ae)) {
      Q.values.splice(i, 1), At.splice(i, 1);
      const a = ke.splice(i, 1)[0];
      Sn(null, a.firstChild), a.remove();
    }
    Je && (ue.splice(i, 1), vt.splice(i, 1)[0].remove(), Mn.splice(i, 1), Ln.splice(i, 1)), Ve("delSeries", i);
  }
  n.delSeries = Ga;
  const un = [!1, !1, !1, !1];
  function qa(i, a) {
    if (((i._show = i.show), i.show)) {
      let u = i.side % 2,
        f = S[i.scale];
      f == null && ((i.scale = u ? w[1].scale : k), (f = S[i.scale]));
      const _ = f.time;
      (i.size = ee(i.size)),
        (i.space = ee(i.space)),
        (i.rotate = ee(i.rotate)),
        tn(i.incrs) &&
          i.incrs.forEach(($) => {
            !nn.has($) && nn.set($, Qs($));
          }),
        (i.incrs = ee(i.incrs || (f.distr == 2 ? Ru : _ ? (L == 1 ? zu : Fu) : vn))),
        (i.splits = ee(i.splits || (_ && f.distr == 1 ? ot : f.distr == 3 ? hr : f.distr == 4 ? lf : nf))),
        (i.stroke = ee(i.stroke)),
        (i.grid.stroke = ee(i.grid.stroke)),
        (i.ticks.stroke = ee(i.ticks.stroke)),
        (i.border.stroke = ee(i.border.stroke));
      const b = i.values;
      (i.values = tn(b) && !tn(b[0]) ? ee(b) : _ ? (tn(b) ? Es(te, Cs(b, W)) : xs(b) ? Uu(te, b) : b || ye) : b || tf),
        (i.filter = ee(i.filter || (f.distr >= 3 && f.log == 10 ? sf : f.distr == 3 && f.log == 2 ? af : Js))),
        (i.font = Ws(i.font)),
        (i.labelFont = Ws(i.labelFont)),
        (i._size = i.size(n, null, a, 0)),
        (i._space = i._rotate = i._incrs = i._found = i._splits = i._values = null),
        i._size > 0 && ((un[a] = !0), (i._el = $t(Bc, h)));
    }
  }
  function el(i, a, u, f) {
    let [_, b, $, T] = u,
      C = a % 2,
      D = 0;
    return (
      C == 0 && (T || b) && (D = (a == 0 && !_) || (a == 2 && !$) ? Ne(Ls.size / 3) : 0),
      C == 1 && (_ || $) && (D = (a == 1 && !b) || (a == 3 && !T) ? Ne(Rs.size / 2) : 0),
      D
    );
  }
  let Ir = (n.padding = (e.padding || [el, el, el, el]).map((i) => ee(oe(i, el)))),
    Yt = (n._padding = Ir.map((i, a) => i(n, a, un, 0))),
    Be,
    Oe = null,
    He = null,
    Cl = o == 1 ? w[0].idxs : null,
    Tt = null,
    tl = !1;
  function Vr(i, a) {
    if (((t = i ?? []), (n.data = n._data = t), o == 2)) {
      Be = 0;
      for (let u = 1; u < w.length; u++) Be += t[u][0].length;
    } else {
      t.length == 0 && (n.data = n._data = t = [[]]), (Tt = t[0]), (Be = Tt.length);
      let u = t;
      if (G == 2) {
        u = t.slice();
        const f = (u[0] = Array(Be));
        for (let _ = 0; _ < Be; _++) f[_] = _;
      }
      n._data = t = u;
    }
    if ((Dn(!0), Ve("setData"), G == 2 && (Cn = !0), a !== !1)) {
      const u = E;
      u.auto(n, tl) ? go() : jt(k, u.min, u.max), (an = an || I.left >= 0), (_t = !0), Rn();
    }
  }
  n.setData = Vr;
  function go() {
    tl = !0;
    let i, a;
    o == 1 &&
      (Be > 0
        ? ((Oe = Cl[0] = 0),
          (He = Cl[1] = Be - 1),
          (i = t[0][Oe]),
          (a = t[0][He]),
          G == 2
            ? ((i = Oe), (a = He))
            : i == a &&
              (G == 3
                ? ([i, a] = ro(i, i, E.log, !1))
                : G == 4
                  ? ([i, a] = kr(i, i, E.log, !1))
                  : E.time
                    ? (a = i + Ne(86400 / L))
                    : ([i, a] = no(i, a, Sr, !0))))
        : ((Oe = Cl[0] = i = null), (He = Cl[1] = a = null))),
      jt(k, i, a);
  }
  let El, An, ho, _o, vo, bo, yo, wo, $o, it;
  function Ur(i, a, u, f, _, b) {
    (i ??= is),
      (u ??= Cr),
      (f ??= "butt"),
      (_ ??= is),
      (b ??= "round"),
      i != El && (v.strokeStyle = El = i),
      _ != An && (v.fillStyle = An = _),
      a != ho && (v.lineWidth = ho = a),
      b != vo && (v.lineJoin = vo = b),
      f != bo && (v.lineCap = bo = f),
      u != _o && v.setLineDash((_o = u));
  }
  function Wr(i, a, u, f) {
    a != An && (v.fillStyle = An = a),
      i != yo && (v.font = yo = i),
      u != wo && (v.textAlign = wo = u),
      f != $o && (v.textBaseline = $o = f);
  }
  function xo(i, a, u, f, _ = 0) {
    if (f.length > 0 && i.auto(n, tl) && (a == null || a.min == null)) {
      const b = oe(Oe, 0),
        $ = oe(He, f.length - 1),
        T = u.min == null ? iu(f, b, $, _, i.distr == 3) : [u.min, u.max];
      (i.min = Lt(i.min, (u.min = T[0]))), (i.max = lt(i.max, (u.max = T[1])));
    }
  }
  const Br = { min: null, max: null };
  function Ya() {
    for (const f in S) {
      const _ = S[f];
      B[f] == null && (_.min == null || (B[k] != null && _.auto(n, tl))) && (B[f] = Br);
    }
    for (const f in S) {
      const _ = S[f];
      B[f] == null && _.from != null && B[_.from] != null && (B[f] = Br);
    }
    B[k] != null && Dn(!0);
    const i = {};
    for (const f in B) {
      const _ = B[f];
      if (_ != null) {
        const b = (i[f] = Kn(S[f], gu));
        if (_.min != null) Le(b, _);
        else if (f != k || o == 2)
          if (Be == 0 && b.from == null) {
            const $ = b.range(n, null, null, f);
            (b.min = $[0]), (b.max = $[1]);
          } else (b.min = pe), (b.max = -pe);
      }
    }
    if (Be > 0) {
      w.forEach((f, _) => {
        if (o == 1) {
          const b = f.scale,
            $ = B[b];
          if ($ == null) return;
          const T = i[b];
          if (_ == 0) {
            const C = T.range(n, T.min, T.max, b);
            (T.min = C[0]),
              (T.max = C[1]),
              (Oe = Mt(T.min, t[0])),
              (He = Mt(T.max, t[0])),
              He - Oe > 1 && (t[0][Oe] < T.min && Oe++, t[0][He] > T.max && He--),
              (f.min = Tt[Oe]),
              (f.max = Tt[He]);
          } else f.show && f.auto && xo(T, $, f, t[_], f.sorted);
          (f.idxs[0] = Oe), (f.idxs[1] = He);
        } else if (_ > 0 && f.show && f.auto) {
          const [b, $] = f.facets,
            T = b.scale,
            C = $.scale,
            [D, N] = t[_],
            H = i[T],
            j = i[C];
          H != null && xo(H, B[T], b, D, b.sorted),
            j != null && xo(j, B[C], $, N, $.sorted),
            (f.min = $.min),
            (f.max = $.max);
        }
      });
      for (const f in i) {
        const _ = i[f],
          b = B[f];
        if (_.from == null && (b == null || b.min == null)) {
          const $ = _.range(n, _.min == pe ? null : _.min, _.max == -pe ? null : _.max, f);
          (_.min = $[0]), (_.max = $[1]);
        }
      }
    }
    for (const f in i) {
      const _ = i[f];
      if (_.from != null) {
        const b = i[_.from];
        if (b.min == null) _.min = _.max = null;
        else {
          const $ = _.range(n, b.min, b.max, f);
          (_.min = $[0]), (_.max = $[1]);
        }
      }
    }
    let a = {},
      u = !1;
    for (const f in i) {
      const _ = i[f],
        b = S[f];
      if (b.min != _.min || b.max != _.max) {
        (b.min = _.min), (b.max = _.max);
        const $ = b.distr;
        (b._min = $ == 3 ? Bt(b.min) : $ == 4 ? sr(b.min, b.asinh) : $ == 100 ? b.fwd(b.min) : b.min),
          (b._max = $ == 3 ? Bt(b.max) : $ == 4 ? sr(b.max, b.asinh) : $ == 100 ? b.fwd(b.max) : b.max),
          (a[f] = u = !0);
      }
    }
    if (u) {
      w.forEach((f, _) => {
        o == 2 ? _ > 0 && a.y && (f._paths = null) : a[f.scale] && (f._paths = null);
      });
      for (const f in a) (Cn = !0), Ve("setScale", f);
      Je && I.left >= 0 && (an = _t = !0);
    }
    for (const f in B) B[f] = null;
  }
  function Ka(i) {
    let a = gr(Oe - 1, 0, Be - 1),
      u = gr(He + 1, 0, Be - 1);
    for (; i[a] == null && a > 0; ) a--;
    for (; i[u] == null && u < Be - 1; ) u++;
    return [a, u];
  }
  function ja() {
    if (Be > 0) {
      const i = w.some((a) => a._focus) && it != Rt.alpha;
      i && (v.globalAlpha = it = Rt.alpha),
        w.forEach((a, u) => {
          if (u > 0 && a.show && (Gr(u, !1), Gr(u, !0), a._paths == null)) {
            const f = it;
            it != a.alpha && (v.globalAlpha = it = a.alpha);
            const _ = o == 2 ? [0, t[u][0].length - 1] : Ka(t[u]);
            (a._paths = a.paths(n, u, _[0], _[1])), it != f && (v.globalAlpha = it = f);
          }
        }),
        w.forEach((a, u) => {
          if (u > 0 && a.show) {
            const f = it;
            it != a.alpha && (v.globalAlpha = it = a.alpha), a._paths != null && qr(u, !1);
            {
              const _ = a._paths != null ? a._paths.gaps : null,
                b = a.points.show(n, u, Oe, He, _),
                $ = a.points.filter(n, u, b, _);
              (b || $) && ((a.points._paths = a.points.paths(n, u, Oe, He, $)), qr(u, !0));
            }
            it != f && (v.globalAlpha = it = f), Ve("drawSeries", u);
          }
        }),
        i && (v.globalAlpha = it = 1);
    }
  }
  function Gr(i, a) {
    const u = a ? w[i].points : w[i];
    (u._stroke = u.stroke(n, i)), (u._fill = u.fill(n, i));
  }
  function qr(i, a) {
    let u = a ? w[i].points : w[i],
      {
        stroke: f,
        fill: _,
        clip: b,
        flags: $,
        _stroke: T = u._stroke,
        _fill: C = u._fill,
        _width: D = u.width,
      } = u._paths;
    D = de(D * ie, 3);
    let N = null,
      H = (D % 2) / 2;
    a && C == null && (C = D > 0 ? "#fff" : T);
    const j = u.pxAlign == 1 && H > 0;
    if ((j && v.translate(H, H), !a)) {
      const re = at - D / 2,
        le = ht - D / 2,
        X = rt + D,
        q = St + D;
      (N = new Path2D()), N.rect(re, le, X, q);
    }
    a ? ko(T, D, u.dash, u.cap, C, f, _, $, b) : Ja(i, T, D, u.dash, u.cap, C, f, _, $, N, b), j && v.translate(-H, -H);
  }
  function Ja(i, a, u, f, _, b, $, T, C, D, N) {
    let H = !1;
    C != 0 &&
      Y.forEach((j, re) => {
        if (j.series[0] == i) {
          let le = w[j.series[1]],
            X = t[j.series[1]],
            q = (le._paths || wl).band;
          tn(q) && (q = j.dir == 1 ? q[0] : q[1]);
          let V,
            ve = null;
          le.show && q && au(X, Oe, He) ? ((ve = j.fill(n, re) || b), (V = le._paths.clip)) : (q = null),
            ko(a, u, f, _, ve, $, T, C, D, N, V, q),
            (H = !0);
        }
      }),
      H || ko(a, u, f, _, b, $, T, C, D, N);
  }
  const Yr = jn | vr;
  function ko(i, a, u, f, _, b, $, T, C, D, N, H) {
    Ur(i, a, u, f, _),
      (C || D || H) && (v.save(), C && v.clip(C), D && v.clip(D)),
      H
        ? (T & Yr) == Yr
          ? (v.clip(H), N && v.clip(N), Ml(_, $), Pl(i, b, a))
          : T & vr
            ? (Ml(_, $), v.clip(H), Pl(i, b, a))
            : T & jn && (v.save(), v.clip(H), N && v.clip(N), Ml(_, $), v.restore(), Pl(i, b, a))
        : (Ml(_, $), Pl(i, b, a)),
      (C || D || H) && v.restore();
  }
  function Pl(i, a, u) {
    u > 0 &&
      (a instanceof Map
        ? a.forEach((f, _) => {
            (v.strokeStyle = El = _), v.stroke(f);
          })
        : a != null && i && v.stroke(a));
  }
  function Ml(i, a) {
    a instanceof Map
      ? a.forEach((u, f) => {
          (v.fillStyle = An = f), v.fill(u);
        })
      : a != null && i && v.fill(a);
  }
  function Za(i, a, u, f) {
    let _ = A[i],
      b;
    if (f <= 0) b = [0, 0];
    else {
      const $ = (_._space = _.space(n, i, a, u, f)),
        T = (_._incrs = _.incrs(n, i, a, u, f, $));
      b = Mf(a, u, T, f, $);
    }
    return (_._found = b);
  }
  function So(i, a, u, f, _, b, $, T, C, D) {
    const N = ($ % 2) / 2;
    M == 1 && v.translate(N, N), Ur(T, $, C, D, T), v.beginPath();
    let H,
      j,
      re,
      le,
      X = _ + (f == 0 || f == 3 ? -b : b);
    u == 0 ? ((j = _), (le = X)) : ((H = _), (re = X));
    for (let q = 0; q < i.length; q++)
      a[q] != null && (u == 0 ? (H = re = i[q]) : (j = le = i[q]), v.moveTo(H, j), v.lineTo(re, le));
    v.stroke(), M == 1 && v.translate(-N, -N);
  }
  function Qa(i) {
    let a = !0;
    return (
      A.forEach((u, f) => {
        if (!u.show) return;
        const _ = S[u.scale];
        if (_.min == null) {
          u._show && ((a = !1), (u._show = !1), Dn(!1));
          return;
        } else u._show || ((a = !1), (u._show = !0), Dn(!1));
        const b = u.side,
          $ = b % 2,
          { min: T, max: C } = _,
          [D, N] = Za(f, T, C, $ == 0 ? Z : O);
        if (N == 0) return;
        const H = _.distr == 2,
          j = (u._splits = u.splits(n, f, T, C, D, N, H)),
          re = _.distr == 2 ? j.map((V) => Tt[V]) : j,
          le = _.distr == 2 ? Tt[j[1]] - Tt[j[0]] : D,
          X = (u._values = u.values(n, u.filter(n, re, f, N, le), f, N, le));
        u._rotate = b == 2 ? u.rotate(n, X, f, N) : 0;
        const q = u._size;
        (u._size = xt(u.size(n, X, f, i))), q != null && u._size != q && (a = !1);
      }),
      a
    );
  }
  function Xa(i) {
    let a = !0;
    return (
      Ir.forEach((u, f) => {
        const _ = u(n, f, un, i);
        _ != Yt[f] && (a = !1), (Yt[f] = _);
      }),
      a
    );
  }
  function ec() {
    for (let i = 0; i < A.length; i++) {
      const a = A[i];
      if (!a.show || !a._show) continue;
      let u = a.side,
        f = u % 2,
        _,
        b,
        $ = a.stroke(n, i),
        T = u == 0 || u == 3 ? -1 : 1,
        [C, D] = a._found;
      if (a.label != null) {
        const Xe = a.labelGap * T,
          ft = Ne((a._lpos + Xe) * ie);
        Wr(a.labelFont[0], $, "center", u == 2 ? "top" : rs),
          v.save(),
          f == 1
            ? ((_ = b = 0), v.translate(ft, Ne(ht + St / 2)), v.rotate((u == 3 ? -eo : eo) / 2))
            : ((_ = Ne(at + rt / 2)), (b = ft));
        const dn = Ks(a.label) ? a.label(n, i, C, D) : a.label;
        v.fillText(dn, _, b), v.restore();
      }
      if (D == 0) continue;
      const N = S[a.scale],
        H = f == 0 ? rt : St,
        j = f == 0 ? at : ht,
        re = a._splits,
        le = N.distr == 2 ? re.map((Xe) => Tt[Xe]) : re,
        X = N.distr == 2 ? Tt[re[1]] - Tt[re[0]] : C,
        q = a.ticks,
        V = a.border,
        ve = q.show ? q.size : 0,
        Se = Ne(ve * ie),
        Ue = Ne((a.alignTo == 2 ? a._size - ve - a.gap : a.gap) * ie),
        fe = (a._rotate * -eo) / 180,
        Te = P(a._pos * ie),
        ct = (Se + Ue) * T,
        Qe = Te + ct;
      (b = f == 0 ? Qe : 0), (_ = f == 1 ? Qe : 0);
      const bt = a.font[0],
        Ct = a.align == 1 ? Wn : a.align == 2 ? or : fe > 0 ? Wn : fe < 0 ? or : f == 0 ? "center" : u == 3 ? or : Wn,
        Ot = fe || f == 1 ? "middle" : u == 2 ? "top" : rs;
      Wr(bt, $, Ct, Ot);
      const ut = a.font[1] * a.lineGap,
        yt = re.map((Xe) => P(c(Xe, N, H, j))),
        Et = a._values;
      for (let Xe = 0; Xe < Et.length; Xe++) {
        let ft = Et[Xe];
        if (ft != null) {
          f == 0 ? (_ = yt[Xe]) : (b = yt[Xe]), (ft = "" + ft);
          const dn =
            ft.indexOf(`
`) == -1
              ? [ft]
              : ft.split(/\n/gm);
          for (let et = 0; et < dn.length; et++) {
            const pi = dn[et];
            fe
              ? (v.save(), v.translate(_, b + et * ut), v.rotate(fe), v.fillText(pi, 0, 0), v.restore())
              : v.fillText(pi, _, b + et * ut);
          }
        }
      }
      q.show && So(yt, q.filter(n, le, i, D, X), f, u, Te, Se, de(q.width * ie, 3), q.stroke(n, i), q.dash, q.cap);
      const Ht = a.grid;
      Ht.show &&
        So(
          yt,
          Ht.filter(n, le, i, D, X),
          f,
          f == 0 ? 2 : 1,
          f == 0 ? ht : at,
          f == 0 ? St : rt,
          de(Ht.width * ie, 3),
          Ht.stroke(n, i),
          Ht.dash,
          Ht.cap,
        ),
        V.show &&
          So(
            [Te],
            [1],
            f == 0 ? 1 : 0,
            f == 0 ? 1 : 2,
            f == 1 ? ht : at,
            f == 1 ? St : rt,
            de(V.width * ie, 3),
            V.stroke(n, i),
            V.dash,
            V.cap,
          );
    }
    Ve("drawAxes");
  }
  function Dn(i) {
    w.forEach((a, u) => {
      u > 0 &&
        ((a._paths = null),
        i &&
          (o == 1
            ? ((a.min = null), (a.max = null))
            : a.facets.forEach((f) => {
                (f.min = null), (f.max = null);
              })));
    });
  }
  let Ll = !1,
    To = !1,
    nl = [];
  function tc() {
    To = !1;
    for (let i = 0; i < nl.length; i++) Ve(...nl[i]);
    nl.length = 0;
  }
  function Rn() {
    Ll || ($u(Kr), (Ll = !0));
  }
  function nc(i, a = !1) {
    (Ll = !0), (To = a), i(n), Kr(), a && nl.length > 0 && queueMicrotask(tc);
  }
  n.batch = nc;
  function Kr() {
    if ((po && (Ya(), (po = !1)), Cn && (Ia(), (Cn = !1)), Sl)) {
      if (
        (be(d, Wn, me),
        be(d, "top", De),
        be(d, _l, Z),
        be(d, vl, O),
        be(x, Wn, me),
        be(x, "top", De),
        be(x, _l, Z),
        be(x, vl, O),
        be(h, _l, Ut),
        be(h, vl, on),
        (g.width = Ne(Ut * ie)),
        (g.height = Ne(on * ie)),
        A.forEach(({ _el: i, _show: a, _size: u, _pos: f, side: _ }) => {
          if (i != null)
            if (a) {
              const b = _ === 3 || _ === 0 ? u : 0,
                $ = _ % 2 == 1;
              be(i, $ ? "left" : "top", f - b),
                be(i, $ ? "width" : "height", u),
                be(i, $ ? "top" : "left", $ ? De : me),
                be(i, $ ? "height" : "width", $ ? O : Z),
                dr(i, bn);
            } else pt(i, bn);
        }),
        (El = An = ho = vo = bo = yo = wo = $o = _o = null),
        (it = 1),
        rl(!0),
        me != Tn || De != rn || Z != Dt || O != sn)
      ) {
        Dn(!1);
        const i = Z / Dt,
          a = O / sn;
        if (Je && !an && I.left >= 0) {
          (I.left *= i), (I.top *= a), Nn && It(Nn, Ne(I.left), 0, Z, O), zn && It(zn, 0, Ne(I.top), Z, O);
          for (let u = 0; u < vt.length; u++) {
            const f = vt[u];
            f != null && ((Mn[u] *= i), (Ln[u] *= a), It(f, xt(Mn[u]), xt(Ln[u]), Z, O));
          }
        }
        if (_e.show && !Tl && _e.left >= 0 && _e.width > 0) {
          (_e.left *= i), (_e.width *= i), (_e.top *= a), (_e.height *= a);
          for (const u in Ao) be(Fn, u, _e[u]);
        }
        (Tn = me), (rn = De), (Dt = Z), (sn = O);
      }
      Ve("setSize"), (Sl = !1);
    }
    Ut > 0 && on > 0 && (v.clearRect(0, 0, g.width, g.height), Ve("drawClear"), z.forEach((i) => i()), Ve("draw")),
      _e.show && Tl && (Al(_e), (Tl = !1)),
      Je && an && (pn(null, !0, !1), (an = !1)),
      Q.show && Q.live && _t && (Mo(), (_t = !1)),
      p || ((p = !0), (n.status = 1), Ve("ready")),
      (tl = !1),
      (Ll = !1);
  }
  n.redraw = (i, a) => {
    (Cn = a || !1), i !== !1 ? jt(k, E.min, E.max) : Rn();
  };
  function Co(i, a) {
    const u = S[i];
    if (u.from == null) {
      if (Be == 0) {
        const f = u.range(n, a.min, a.max, i);
        (a.min = f[0]), (a.max = f[1]);
      }
      if (a.min > a.max) {
        const f = a.min;
        (a.min = a.max), (a.max = f);
      }
      if (Be > 1 && a.min != null && a.max != null && a.max - a.min < 1e-16) return;
      i == k &&
        u.distr == 2 &&
        Be > 0 &&
        ((a.min = Mt(a.min, t[0])), (a.max = Mt(a.max, t[0])), a.min == a.max && a.max++),
        (B[i] = a),
        (po = !0),
        Rn();
    }
  }
  n.setScale = Co;
  let Eo,
    Po,
    Nn,
    zn,
    jr,
    Jr,
    On,
    Hn,
    Zr,
    Qr,
    he,
    $e,
    Kt = !1,
    Ge = I.drag,
    Fe = Ge.x,
    Ie = Ge.y;
  Je &&
    (I.x && (Eo = $t(qc, x)),
    I.y && (Po = $t(Yc, x)),
    E.ori == 0 ? ((Nn = Eo), (zn = Po)) : ((Nn = Po), (zn = Eo)),
    (he = I.left),
    ($e = I.top));
  const _e = (n.select = Le({ show: !0, over: !0, left: 0, width: 0, top: 0, height: 0 }, e.select)),
    Fn = _e.show ? $t(Gc, _e.over ? x : d) : null;
  function Al(i, a) {
    if (_e.show) {
      for (const u in i) (_e[u] = i[u]), u in Ao && be(Fn, u, i[u]);
      a !== !1 && Ve("setSelect");
    }
  }
  n.setSelect = Al;
  function lc(i) {
    if (w[i].show) Ae && dr(ke[i], bn);
    else if ((Ae && pt(ke[i], bn), Je)) {
      const u = Pn ? vt[0] : vt[i];
      u != null && It(u, -10, -10, Z, O);
    }
  }
  function jt(i, a, u) {
    Co(i, { min: a, max: u });
  }
  function Nt(i, a, u, f) {
    a.focus != null && ac(i),
      a.show != null &&
        w.forEach((_, b) => {
          b > 0 &&
            (i == b || i == null) &&
            ((_.show = a.show),
            lc(b),
            o == 2 ? (jt(_.facets[0].scale, null, null), jt(_.facets[1].scale, null, null)) : jt(_.scale, null, null),
            Rn());
        }),
      u !== !1 && Ve("setSeries", i, a),
      f && il("setSeries", n, i, a);
  }
  n.setSeries = Nt;
  function oc(i, a) {
    Le(Y[i], a);
  }
  function rc(i, a) {
    (i.fill = ee(i.fill || null)), (i.dir = oe(i.dir, -1)), (a = a ?? Y.length), Y.splice(a, 0, i);
  }
  function ic(i) {
    i == null ? (Y.length = 0) : Y.splice(i, 1);
  }
  (n.addBand = rc), (n.setBand = oc), (n.delBand = ic);
  function sc(i, a) {
    (w[i].alpha = a), Je && vt[i] != null && (vt[i].style.opacity = a), Ae && ke[i] && (ke[i].style.opacity = a);
  }
  let Wt,
    Jt,
    fn,
    In = { focus: !0 };
  function ac(i) {
    if (i != fn) {
      const a = i == null,
        u = Rt.alpha != 1;
      w.forEach((f, _) => {
        if (o == 1 || _ > 0) {
          const b = a || _ == 0 || _ == i;
          (f._focus = a ? null : b), u && sc(_, b ? 1 : Rt.alpha);
        }
      }),
        (fn = i),
        u && Rn();
    }
  }
  Ae &&
    En &&
    Ze(cs, se, (i) => {
      I._lock || (cn(i), fn != null && Nt(null, In, !0, Pe.setSeries));
    });
  function zt(i, a, u) {
    const f = S[a];
    u && (i = i / ie - (f.ori == 1 ? De : me));
    let _ = Z;
    f.ori == 1 && ((_ = O), (i = _ - i)), f.dir == -1 && (i = _ - i);
    const b = f._min,
      $ = f._max,
      T = i / _,
      C = b + ($ - b) * T,
      D = f.distr;
    return D == 3 ? qn(10, C) : D == 4 ? uu(C, f.asinh) : D == 100 ? f.bwd(C) : C;
  }
  function cc(i, a) {
    const u = zt(i, k, a);
    return Mt(u, t[0], Oe, He);
  }
  (n.valToIdx = (i) => Mt(i, t[0])),
    (n.posToIdx = cc),
    (n.posToVal = zt),
    (n.valToPos = (i, a, u) =>
      S[a].ori == 0 ? r(i, S[a], u ? rt : Z, u ? at : 0) : s(i, S[a], u ? St : O, u ? ht : 0)),
    (n.setCursor = (i, a, u) => {
      (he = i.left), ($e = i.top), pn(null, a, u);
    });
  function Xr(i, a) {
    be(Fn, Wn, (_e.left = i)), be(Fn, _l, (_e.width = a));
  }
  function ei(i, a) {
    be(Fn, "top", (_e.top = i)), be(Fn, vl, (_e.height = a));
  }
  const ll = E.ori == 0 ? Xr : ei,
    ol = E.ori == 1 ? Xr : ei;
  function uc() {
    if (Ae && Q.live)
      for (let i = o == 2 ? 1 : 0; i < w.length; i++) {
        if (i == 0 && gt) continue;
        let a = Q.values[i],
          u = 0;
        for (const f in a) At[i][u++].firstChild.nodeValue = a[f];
      }
  }
  function Mo(i, a) {
    if (
      (i != null &&
        (i.idxs
          ? i.idxs.forEach((u, f) => {
              ue[f] = u;
            })
          : mu(i.idx) || ue.fill(i.idx),
        (Q.idx = ue[0])),
      Ae && Q.live)
    ) {
      for (let u = 0; u < w.length; u++) (u > 0 || (o == 1 && !gt)) && fc(u, ue[u]);
      uc();
    }
    (_t = !1), a !== !1 && Ve("setLegend");
  }
  n.setLegend = Mo;
  function fc(i, a) {
    let u = w[i],
      f = i == 0 && G == 2 ? Tt : t[i],
      _;
    gt
      ? (_ = u.values(n, i, a) ?? qt)
      : ((_ = u.value(n, a == null ? null : f[a], i, a)), (_ = _ == null ? qt : { _ })),
      (Q.values[i] = _);
  }
  function pn(i, a, u) {
    (Zr = he),
      (Qr = $e),
      ([he, $e] = I.move(n, he, $e)),
      (I.left = he),
      (I.top = $e),
      Je && (Nn && It(Nn, Ne(he), 0, Z, O), zn && It(zn, 0, Ne($e), Z, O));
    let f,
      _ = Oe > He;
    (Wt = pe), (Jt = null);
    const b = E.ori == 0 ? Z : O,
      $ = E.ori == 1 ? Z : O;
    if (he < 0 || Be == 0 || _) {
      f = I.idx = null;
      for (let T = 0; T < w.length; T++) {
        const C = vt[T];
        C != null && It(C, -10, -10, Z, O);
      }
      En && Nt(null, In, !0, i == null && Pe.setSeries), Q.live && (ue.fill(f), (_t = !0));
    } else {
      let T, C, D;
      o == 1 &&
        ((T = E.ori == 0 ? he : $e), (C = zt(T, k)), (f = I.idx = Mt(C, t[0], Oe, He)), (D = R(t[0][f], E, b, 0)));
      let N = -10,
        H = -10,
        j = 0,
        re = 0,
        le = !0,
        X = "",
        q = "";
      for (let V = o == 2 ? 1 : 0; V < w.length; V++) {
        const ve = w[V],
          Se = ue[V],
          Ue = Se == null ? null : o == 1 ? t[V][Se] : t[V][1][Se],
          fe = I.dataIdx(n, V, f, C),
          Te = fe == null ? null : o == 1 ? t[V][fe] : t[V][1][fe];
        if (((_t = _t || Te != Ue || fe != Se), (ue[V] = fe), V > 0 && ve.show)) {
          const ct = fe == null ? -10 : fe == f ? D : R(o == 1 ? t[0][fe] : t[V][0][fe], E, b, 0),
            Qe = Te == null ? -10 : K(Te, o == 1 ? S[ve.scale] : S[ve.facets[1].scale], $, 0);
          if (En && Te != null) {
            const bt = E.ori == 1 ? he : $e,
              Ct = ze(Rt.dist(n, V, fe, Qe, bt));
            if (Ct < Wt) {
              const Ot = Rt.bias;
              if (Ot != 0) {
                const ut = zt(bt, ve.scale),
                  yt = Te >= 0 ? 1 : -1,
                  Et = ut >= 0 ? 1 : -1;
                Et == yt &&
                  (Et == 1 ? (Ot == 1 ? Te >= ut : Te <= ut) : Ot == 1 ? Te <= ut : Te >= ut) &&
                  ((Wt = Ct), (Jt = V));
              } else (Wt = Ct), (Jt = V);
            }
          }
          if (_t || Pn) {
            let bt, Ct;
            E.ori == 0 ? ((bt = ct), (Ct = Qe)) : ((bt = Qe), (Ct = ct));
            let Ot,
              ut,
              yt,
              Et,
              Ht,
              Xe,
              ft = !0,
              dn = Ye.bbox;
            if (dn != null) {
              ft = !1;
              const et = dn(n, V);
              (yt = et.left), (Et = et.top), (Ot = et.width), (ut = et.height);
            } else (yt = bt), (Et = Ct), (Ot = ut = Ye.size(n, V));
            if (((Xe = Ye.fill(n, V)), (Ht = Ye.stroke(n, V)), Pn))
              V == Jt && Wt <= Rt.prox && ((N = yt), (H = Et), (j = Ot), (re = ut), (le = ft), (X = Xe), (q = Ht));
            else {
              const et = vt[V];
              et != null &&
                ((Mn[V] = yt), (Ln[V] = Et), hs(et, Ot, ut, ft), ms(et, Xe, Ht), It(et, xt(yt), xt(Et), Z, O));
            }
          }
        }
      }
      if (Pn) {
        const V = Rt.prox,
          ve = fn == null ? Wt <= V : Wt > V || Jt != fn;
        if (_t || ve) {
          const Se = vt[0];
          Se != null && ((Mn[0] = N), (Ln[0] = H), hs(Se, j, re, le), ms(Se, X, q), It(Se, xt(N), xt(H), Z, O));
        }
      }
    }
    if (_e.show && Kt)
      if (i != null) {
        const [T, C] = Pe.scales,
          [D, N] = Pe.match,
          [H, j] = i.cursor.sync.scales,
          re = i.cursor.drag;
        if (((Fe = re._x), (Ie = re._y), Fe || Ie)) {
          let { left: le, top: X, width: q, height: V } = i.select,
            ve = i.scales[H].ori,
            Se = i.posToVal,
            Ue,
            fe,
            Te,
            ct,
            Qe,
            bt = T != null && D(T, H),
            Ct = C != null && N(C, j);
          bt && Fe
            ? (ve == 0 ? ((Ue = le), (fe = q)) : ((Ue = X), (fe = V)),
              (Te = S[T]),
              (ct = R(Se(Ue, H), Te, b, 0)),
              (Qe = R(Se(Ue + fe, H), Te, b, 0)),
              ll(Lt(ct, Qe), ze(Qe - ct)))
            : ll(0, b),
            Ct && Ie
              ? (ve == 1 ? ((Ue = le), (fe = q)) : ((Ue = X), (fe = V)),
                (Te = S[C]),
                (ct = K(Se(Ue, j), Te, $, 0)),
                (Qe = K(Se(Ue + fe, j), Te, $, 0)),
                ol(Lt(ct, Qe), ze(Qe - ct)))
              : ol(0, $);
        } else Do();
      } else {
        let T = ze(Zr - jr),
          C = ze(Qr - Jr);
        if (E.ori == 1) {
          const j = T;
          (T = C), (C = j);
        }
        (Fe = Ge.x && T >= Ge.dist), (Ie = Ge.y && C >= Ge.dist);
        const D = Ge.uni;
        D != null
          ? Fe && Ie && ((Fe = T >= D), (Ie = C >= D), !Fe && !Ie && (C > T ? (Ie = !0) : (Fe = !0)))
          : Ge.x && Ge.y && (Fe || Ie) && (Fe = Ie = !0);
        let N, H;
        Fe && (E.ori == 0 ? ((N = On), (H = he)) : ((N = Hn), (H = $e)), ll(Lt(N, H), ze(H - N)), Ie || ol(0, $)),
          Ie && (E.ori == 1 ? ((N = On), (H = he)) : ((N = Hn), (H = $e)), ol(Lt(N, H), ze(H - N)), Fe || ll(0, b)),
          !Fe && !Ie && (ll(0, 0), ol(0, 0));
      }
    if (((Ge._x = Fe), (Ge._y = Ie), i == null)) {
      if (u) {
        if (fi != null) {
          const [T, C] = Pe.scales;
          (Pe.values[0] = T != null ? zt(E.ori == 0 ? he : $e, T) : null),
            (Pe.values[1] = C != null ? zt(E.ori == 1 ? he : $e, C) : null);
        }
        il(rr, n, he, $e, Z, O, f);
      }
      if (En) {
        const T = u && Pe.setSeries,
          C = Rt.prox;
        fn == null ? Wt <= C && Nt(Jt, In, !0, T) : Wt > C ? Nt(null, In, !0, T) : Jt != fn && Nt(Jt, In, !0, T);
      }
    }
    _t && ((Q.idx = f), Mo()), a !== !1 && Ve("setCursor");
  }
  let Zt = null;
  Object.defineProperty(n, "rect", {
    get() {
      return Zt == null && rl(!1), Zt;
    },
  });
  function rl(i = !1) {
    i ? (Zt = null) : ((Zt = x.getBoundingClientRect()), Ve("syncRect", Zt));
  }
  function ti(i, a, u, f, _, b, $) {
    I._lock ||
      (Kt && i != null && i.movementX == 0 && i.movementY == 0) ||
      (Lo(i, a, u, f, _, b, $, !1, i != null), i != null ? pn(null, !0, !0) : pn(a, !0, !1));
  }
  function Lo(i, a, u, f, _, b, $, T, C) {
    if ((Zt == null && rl(!1), cn(i), i != null)) (u = i.clientX - Zt.left), (f = i.clientY - Zt.top);
    else {
      if (u < 0 || f < 0) {
        (he = -10), ($e = -10);
        return;
      }
      const [D, N] = Pe.scales,
        H = a.cursor.sync,
        [j, re] = H.values,
        [le, X] = H.scales,
        [q, V] = Pe.match,
        ve = a.axes[0].side % 2 == 1,
        Se = E.ori == 0 ? Z : O,
        Ue = E.ori == 1 ? Z : O,
        fe = ve ? b : _,
        Te = ve ? _ : b,
        ct = ve ? f : u,
        Qe = ve ? u : f;
      if (
        (le != null ? (u = q(D, le) ? c(j, S[D], Se, 0) : -10) : (u = Se * (ct / fe)),
        X != null ? (f = V(N, X) ? c(re, S[N], Ue, 0) : -10) : (f = Ue * (Qe / Te)),
        E.ori == 1)
      ) {
        const bt = u;
        (u = f), (f = bt);
      }
    }
    C &&
      (a == null || a.cursor.event.type == rr) &&
      ((u <= 1 || u >= Z - 1) && (u = _n(u, Z)), (f <= 1 || f >= O - 1) && (f = _n(f, O))),
      T ? ((jr = u), (Jr = f), ([On, Hn] = I.move(n, u, f))) : ((he = u), ($e = f));
  }
  const Ao = { width: 0, height: 0, left: 0, top: 0 };
  function Do() {
    Al(Ao, !1);
  }
  let ni, li, oi, ri;
  function ii(i, a, u, f, _, b, $) {
    (Kt = !0),
      (Fe = Ie = Ge._x = Ge._y = !1),
      Lo(i, a, u, f, _, b, $, !0, !1),
      i != null && (Ze(ir, fr, si, !1), il(ss, n, On, Hn, Z, O, null));
    const { left: T, top: C, width: D, height: N } = _e;
    (ni = T), (li = C), (oi = D), (ri = N);
  }
  function si(i, a, u, f, _, b, $) {
    (Kt = Ge._x = Ge._y = !1), Lo(i, a, u, f, _, b, $, !1, !0);
    const { left: T, top: C, width: D, height: N } = _e,
      H = D > 0 || N > 0,
      j = ni != T || li != C || oi != D || ri != N;
    if ((H && j && Al(_e), Ge.setScale && H && j)) {
      let re = T,
        le = D,
        X = C,
        q = N;
      if ((E.ori == 1 && ((re = C), (le = N), (X = T), (q = D)), Fe && jt(k, zt(re, k), zt(re + le, k)), Ie))
        for (const V in S) {
          const ve = S[V];
          V != k && ve.from == null && ve.min != pe && jt(V, zt(X + q, V), zt(X, V));
        }
      Do();
    } else I.lock && ((I._lock = !I._lock), pn(a, !0, i != null));
    i != null && (Sn(ir, fr), il(ir, n, he, $e, Z, O, null));
  }
  function pc(i, a, u, f, _, b, $) {
    if (I._lock) return;
    cn(i);
    const T = Kt;
    if (Kt) {
      let C = !0,
        D = !0,
        N = 10,
        H,
        j;
      E.ori == 0 ? ((H = Fe), (j = Ie)) : ((H = Ie), (j = Fe)),
        H && j && ((C = he <= N || he >= Z - N), (D = $e <= N || $e >= O - N)),
        H && C && (he = he < On ? 0 : Z),
        j && D && ($e = $e < Hn ? 0 : O),
        pn(null, !0, !0),
        (Kt = !1);
    }
    (he = -10), ($e = -10), ue.fill(null), pn(null, !0, !0), T && (Kt = T);
  }
  function ai(i, a, u, f, _, b, $) {
    I._lock || (cn(i), go(), Do(), i != null && il(us, n, he, $e, Z, O, null));
  }
  function ci() {
    A.forEach(Lf), mo(n.width, n.height, !0);
  }
  yn(to, Gn, ci);
  const Vn = {};
  (Vn.mousedown = ii),
    (Vn.mousemove = ti),
    (Vn.mouseup = si),
    (Vn.dblclick = ai),
    (Vn.setSeries = (i, a, u, f) => {
      const _ = Pe.match[2];
      (u = _(n, a, u)), u != -1 && Nt(u, f, !0, !1);
    }),
    Je &&
      (Ze(ss, x, ii),
      Ze(rr, x, ti),
      Ze(as, x, (i) => {
        cn(i), rl(!1);
      }),
      Ze(cs, x, pc),
      Ze(us, x, ai),
      br.add(n),
      (n.syncRect = rl));
  const Dl = (n.hooks = e.hooks || {});
  function Ve(i, a, u) {
    To
      ? nl.push([i, a, u])
      : i in Dl &&
        Dl[i].forEach((f) => {
          f.call(null, n, a, u);
        });
  }
  (e.plugins || []).forEach((i) => {
    for (const a in i.hooks) Dl[a] = (Dl[a] || []).concat(i.hooks[a]);
  });
  const ui = (i, a, u) => u,
    Pe = Le(
      {
        key: null,
        setSeries: !1,
        filters: { pub: ws, sub: ws },
        scales: [k, w[1] ? w[1].scale : null],
        match: [$s, $s, ui],
        values: [null, null],
      },
      I.sync,
    );
  Pe.match.length == 2 && Pe.match.push(ui), (I.sync = Pe);
  const fi = Pe.key,
    Ro = va(fi);
  function il(i, a, u, f, _, b, $) {
    Pe.filters.pub(i, a, u, f, _, b, $) && Ro.pub(i, a, u, f, _, b, $);
  }
  Ro.sub(n);
  function dc(i, a, u, f, _, b, $) {
    Pe.filters.sub(i, a, u, f, _, b, $) && Vn[i](null, a, u, f, _, b, $);
  }
  n.pub = dc;
  function mc() {
    Ro.unsub(n), br.delete(n), ln.clear(), mr(to, Gn, ci), m.remove(), se?.remove(), Ve("destroy");
  }
  n.destroy = mc;
  function No() {
    Ve("init", e, t),
      Vr(t || e.data, !1),
      B[k] ? Co(k, B[k]) : go(),
      (Tl = _e.show && (_e.width > 0 || _e.height > 0)),
      (an = _t = !0),
      mo(e.width, e.height);
  }
  return w.forEach(Fr), A.forEach(qa), l ? (l instanceof HTMLElement ? (l.appendChild(m), No()) : l(n, No)) : No(), n;
}
We.assign = Le;
We.fmtNum = Tr;
We.rangeNum = no;
We.rangeLog = ro;
We.rangeAsinh = kr;
We.orient = $n;
We.pxRatio = ie;
We.join = wu;
(We.fmtDate = Er), (We.tzDate = Au);
We.sync = va;
{
  (We.addGap = gf), (We.clipGaps = ao);
  const e = (We.paths = { points: ka });
  (e.linear = Ta), (e.stepped = vf), (e.bars = bf), (e.spline = wf);
}
var Ma = We.paths.bars?.({ size: [0.6, 40] });
function xl({ title: e, times: t, series: l, height: n = 220, daily: o = !1 }) {
  const r = tt(null),
    s = tt(void 0),
    c = l.map((p) => `${p.label}:${p.axis ?? "left"}`).join("|");
  return (
    je(() => {
      const p = r.current,
        m = l.find((h) => h.axis === "right"),
        g = {
          width: Math.max(240, p.clientWidth),
          height: n,
          legend: { show: !0, live: !1 },
          cursor: { drag: { x: !1, y: !1 } },
          scales: { x: { time: !0, ...(o ? { range: (h, d, x) => [d - 43200, x + 43200] } : {}) } },
          axes: [
            {
              stroke: "currentColor",
              grid: { stroke: "rgba(128,128,128,0.15)" },
              ...(o ? { incrs: [86400], values: (h, d) => d.map(Af) } : {}),
            },
            { stroke: "currentColor", grid: { stroke: "rgba(128,128,128,0.15)" }, scale: "left", size: 60, values: La },
            ...(m
              ? [{ stroke: "currentColor", side: 1, scale: "right", grid: { show: !1 }, size: 60, values: La }]
              : []),
          ],
          series: [
            {},
            ...l.map((h) => ({
              label: h.label,
              stroke: h.color,
              fill: h.bars ? `${h.color}99` : void 0,
              width: 2,
              scale: h.axis ?? "left",
              ...(h.bars && Ma ? { paths: Ma, points: { show: !1 } } : {}),
            })),
          ],
        };
      s.current = new We(g, [t, ...l.map((h) => h.values)], p);
      const v = new ResizeObserver(() => s.current?.setSize({ width: Math.max(240, p.clientWidth), height: n }));
      return (
        v.observe(p),
        () => {
          v.disconnect(), s.current?.destroy(), (s.current = void 0);
        }
      );
    }, [c, n, o]),
    je(() => {
      s.current?.setData([t, ...l.map((p) => p.values)]);
    }, [t, l]),
    y`<figure class="chart">
    <figcaption>${e}</figcaption>
    <div ref=${r} class="chart-plot" role="img" aria-label=${e}></div>
  </figure>`
  );
}
function La(e, t) {
  return t.map((l) =>
    Math.abs(l) >= 1e6 ? `${+(l / 1e6).toFixed(1)}M` : Math.abs(l) >= 1e3 ? `${+(l / 1e3).toFixed(1)}k` : `${l}`,
  );
}
function Af(e) {
  return new Date(e * 1e3).toLocaleDateString(void 0, { month: "short", day: "numeric" });
}
function Da() {
  const { data: e, error: t } = Ce("/api/overview", ["overview"]),
    [l, n] = ae(Date.now());
  if (
    (je(() => {
      const r = setInterval(() => n(Date.now()), 1e3);
      return () => clearInterval(r);
    }, []),
    !e)
  )
    return y`<${Ee} title="Overview" error=${t}>${!t && y`<${nt} />`}<//>`;
  const o = (l - new Date(e.started_at).getTime()) / 1e3;
  return y`<${Ee} title="Overview" error=${t}>
    <div class="stats">
      <div class="stat"><span>Version</span><strong>${e.version}</strong></div>
      <div class="stat"><span>Uptime</span><strong>${ml(Number.isNaN(o) ? e.uptime_s : o)}</strong></div>
      <div class="stat"><span>Sandbox</span><strong>${e.sandbox.mode}</strong></div>
      <div class="stat"><span>Network</span><strong>${e.sandbox.network}</strong></div>
    </div>
    <div class="grid">
      <${qe} title="Channels">
        ${
          e.channels.length
            ? y`<ul class="plain-list">${e.channels.map(
                (r) => y`<li><strong>${r.name}</strong> <${gl} state=${r.state} />
                ${r.detail && y`<span class="muted"> ${r.detail}</span>`}</li>`,
              )}</ul>`
            : y`<${xe}>No channel configured.<//>`
        }
      <//>
      <${qe} title="Cluster">
        ${e.cluster ? y`<ul class="plain-list">${e.cluster.members.map((r) => y`<li><code>${r.id}</code> <span class="muted">seen ${wt(r.last_seen)}</span></li>`)}</ul>` : y`<${xe}>Single process (no cluster).<//>`}
        ${e.agents.length > 1 && y`<h3>Agents</h3><ul class="plain-list">${e.agents.map((r) => y`<li>${r.name ?? r.id}</li>`)}</ul>`}
      <//>
    </div>
    <div class="grid">
      <${xl} title="Last hour: turns per minute and p50 reply latency" times=${e.series.hour.t} series=${Aa(e.series.hour)} />
      <${xl} title="Last day: turns per 15 minutes and p50 reply latency" times=${e.series.day.t} series=${Aa(e.series.day)} />
    </div>
    <${qe} title="Errors and warnings">
      ${e.warnings.length ? y`<ul class="log-list">${e.warnings.map((r) => y`<li class="level-${r.level}"><time>${wt(r.time)}</time> <${gl} state=${r.level} /> ${r.msg}</li>`)}</ul>` : y`<${xe}>No errors or warnings.<//>`}
    <//>
  <//>`;
}
function Aa(e) {
  return [
    { label: "turns", color: "#2563eb", values: e.turns, bars: !0 },
    { label: "p50 latency (ms)", color: "#d97706", values: e.latency_ms, axis: "right" },
  ];
}
function Ra() {
  const { data: e, error: t, reload: l } = Ce("/api/pairing", ["pairing"]),
    n = en(),
    o = (r, s) =>
      n.run(async () => {
        await Ft("POST", r, s), l();
      });
  return y`<${Ee} title="Pairing" error=${n.error ?? t}>
    <${qe} title="Pending codes">
      ${
        e
          ? e.pending.length
            ? y`<table>
              <thead><tr><th scope="col">Code</th><th scope="col">Sender</th><th scope="col">Channel</th><th scope="col">Age</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>${e.pending.map(
                (r) => y`<tr>
                  <td><code>${r.code}</code></td><td>${r.name ? `${r.name} (${r.sender})` : r.sender}</td>
                  <td>${r.channel}</td><td>${ml(r.age_s)}</td>
                  <td class="actions">
                    <button type="button" disabled=${n.busy} aria-label=${`Approve ${r.code}`}
                      onClick=${() => o("/api/pairing/approve", { channel: r.channel, code: r.code })}>Approve</button>
                    <button type="button" class="danger" disabled=${n.busy} aria-label=${`Deny ${r.code}`}
                      onClick=${() => o("/api/pairing/deny", { channel: r.channel, code: r.code })}>Deny</button>
                  </td></tr>`,
              )}</tbody>
            </table>`
            : y`<${xe}>No pairing code waits.<//>`
          : y`<${nt} />`
      }
    <//>
    <${qe} title="Approved senders">
      ${
        e?.approved.length
          ? y`<table>
            <thead><tr><th scope="col">Sender</th><th scope="col">Channel</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>${e.approved.map(
              (r) => y`<tr><td>${r.name ? `${r.name} (${r.sender})` : r.sender}</td><td>${r.channel}</td>
                <td class="actions"><button type="button" class="danger" disabled=${n.busy} aria-label=${`Revoke ${r.sender}`}
                  onClick=${() => o("/api/pairing/revoke", { channel: r.channel, sender: r.sender })}>Revoke</button></td></tr>`,
            )}</tbody>
          </table>`
          : y`<${xe}>No sender approved by pairing.<//>`
      }
    <//>
  <//>`;
}
function Na() {
  const { data: e, error: t, reload: l } = Ce("/api/schedules", ["schedules"]),
    n = en(),
    o = (r, s) =>
      n.run(async () => {
        await Ft(r, s), l();
      });
  return y`<${Ee} title="Schedules" error=${n.error ?? t}>
    ${
      e
        ? e.jobs.length
          ? y`<table>
            <thead><tr><th scope="col">Job</th><th scope="col">Kind</th><th scope="col">Schedule</th><th scope="col">Next run</th><th scope="col">Target</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>${[...e.jobs]
              .sort((r, s) => (r.next_run ?? "~").localeCompare(s.next_run ?? "~"))
              .map(
                (r) => y`<tr>
                  <td>${r.name ?? r.id}${r.agent && y`<span class="muted"> · ${r.agent}</span>`}</td>
                  <td>${r.kind}</td><td><code>${r.schedule}</code></td>
                  <td>${r.next_run ? wt(r.next_run) : y`<span class="muted">none</span>`}</td><td>${r.target}</td>
                  <td class="actions">
                    <button type="button" class="secondary" disabled=${n.busy} aria-label=${`Run ${r.name ?? r.id} now`}
                      onClick=${() => o("POST", `/api/schedules/${encodeURIComponent(r.id)}/run`)}>Run now</button>
                    <button type="button" class="danger" disabled=${n.busy} aria-label=${`Remove ${r.name ?? r.id}`}
                      onClick=${() => o("DELETE", `/api/schedules/${encodeURIComponent(r.id)}`)}>Remove</button>
                  </td></tr>`,
              )}</tbody>
          </table>`
          : y`<${xe}>No scheduled job.<//>`
        : y`<${nt} />`
    }
  <//>`;
}
var za = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#0891b2", "#4d7c0f", "#be185d"];
function Oa() {
  const { data: e, error: t } = Ce("/api/usage?days=30", ["usage"]);
  if (!e) return y`<${Ee} title="Usage" error=${t}>${!t && y`<${nt} />`}<//>`;
  const { times: l, series: n } = Df(e.days),
    o = e.days.reduce((s, c) => s + c.cost, 0),
    r = e.days.reduce((s, c) => s + c.input_tokens + c.output_tokens, 0);
  return y`<${Ee} title="Usage" error=${t}>
    <div class="stats">
      <div class="stat"><span>Tokens, 30 days</span><strong>${Un(r)}</strong></div>
      <div class="stat"><span>Cost, 30 days</span><strong>${tr(o)}</strong></div>
    </div>
    ${l.length ? y`<${xl} title="Tokens per day by model (input + output, stacked)" times=${l} series=${n} daily />` : y`<${xe}>No usage recorded yet.<//>`}
    <${qe} title="Budgets today">
      ${
        e.budgets.length
          ? y`<ul class="plain-list budgets">${e.budgets.map(
              (s) => y`<li>
              <label>${s.name}: ${Un(s.used)} of ${Un(s.limit)} ${s.unit}
                <meter min="0" max=${s.limit} high=${s.limit * 0.8} value=${s.used}></meter></label>
            </li>`,
            )}</ul>`
          : y`<${xe}>No budget configured.<//>`
      }
    <//>
    <${qe} title="By model and day">${Nr(
      ["Date", "Model"],
      [...e.days].reverse().map((s) => [[s.date, s.model], s]),
    )}<//>
    <div class="grid">
      <${qe} title="By chat">${Nr(
        ["Chat"],
        e.by_chat.map((s) => [[s.chat], s]),
      )}<//>
      <${qe} title="By user">${Nr(
        ["User"],
        e.by_user.map((s) => [[s.user], s]),
      )}<//>
    </div>
  <//>`;
}
function Nr(e, t) {
  return t.length
    ? y`<table>
    <thead><tr>${e.map((l) => y`<th scope="col">${l}</th>`)}<th scope="col" class="number">Input</th><th scope="col" class="number">Output</th><th scope="col" class="number">Cost</th></tr></thead>
    <tbody>${t.map(
      ([l, n]) => y`<tr>${l.map((o) => y`<td>${o}</td>`)}
        <td class="number">${Un(n.input_tokens)}</td><td class="number">${Un(n.output_tokens)}</td><td class="number">${tr(n.cost)}</td></tr>`,
    )}</tbody>
  </table>`
    : y`<${xe}>Nothing yet.<//>`;
}
function Df(e) {
  const t = [...new Set(e.map((r) => r.date))].sort(),
    l = [...new Set(e.map((r) => r.model))].sort(),
    n = t.map(() => 0),
    o = l.map((r, s) => ({
      label: r,
      color: za[s % za.length],
      bars: !0,
      values: t.map((c, p) => {
        const m = e
          .filter((g) => g.date === c && g.model === r)
          .reduce((g, v) => g + v.input_tokens + v.output_tokens, 0);
        return (n[p] = n[p] + m), n[p];
      }),
    }));
  return { times: t.map((r) => Date.parse(`${r}T00:00:00Z`) / 1e3), series: o.reverse() };
}
var zr = [
  ["overview", "Overview"],
  ["conversations", "Conversations"],
  ["chat", "Chat"],
  ["approvals", "Approvals"],
  ["pairing", "Pairing"],
  ["schedules", "Schedules"],
  ["usage", "Usage"],
  ["logs", "Logs"],
  ["config", "Config"],
];
function Rf(e) {
  const [t = "overview", ...l] = e.replace(/^#\/?/, "").split("/"),
    n = l.length ? decodeURIComponent(l.join("/")) : void 0;
  return { page: zr.some(([o]) => o === t) ? t : "overview", item: n };
}
function Ha() {
  const [e, t] = ae(location.hash),
    [l, n] = ae(!1),
    [o, r] = ae(!1),
    s = tt(null);
  je(() => {
    const d = () => t(location.hash);
    addEventListener("hashchange", d);
    const x = Hi(() => {
        Bi(), n(!0);
      }),
      M = Wi(r);
    return () => {
      removeEventListener("hashchange", d), x(), M();
    };
  }, []);
  const { page: c, item: p } = Rf(e),
    m = zr.find(([d]) => d === c)?.[1] ?? "Overview",
    g = tt(!0);
  je(() => {
    (document.title = `${m} \xB7 skein`), g.current || s.current?.focus({ preventScroll: !0 }), (g.current = !1);
  }, [m]);
  const v = {
    approvals: Ce("/api/approvals", ["approvals"]).data?.pending.length,
    pairing: Ce("/api/pairing", ["pairing"]).data?.pending.length,
  };
  return l
    ? y`<${zf} />`
    : y`<div class="layout">
    <a class="skip-link" href="#main" onClick=${(d) => {
      d.preventDefault(), s.current?.focus();
    }}>Skip to content</a>
    <header class="topbar">
      <span class="brand">skein</span>
      <span class="live ${o ? "on" : "off"}" role="status">${o ? "live" : "reconnecting\u2026"}</span>
      <button type="button" class="secondary" onClick=${() => {
        Vi();
      }}>Log out</button>
    </header>
    <nav class="sidenav" aria-label="Pages">
      <ul>${zr.map(([d, x]) => y`<li><a href=${`#/${d}`} aria-current=${d === c ? "page" : void 0}>${x}${v[d] ? y` <span class="count" aria-label=${`${v[d]} waiting`}>${v[d]}</span>` : null}</a></li>`)}</ul>
    </nav>
    <main id="main" ref=${s} tabindex="-1">${Nf(c, p)}</main>
  </div>`;
}
function Nf(e, t) {
  switch (e) {
    case "conversations":
      return y`<${Xi} selected=${t} />`;
    case "chat":
      return y`<${Zi} selected=${t} />`;
    case "approvals":
      return y`<${Ki} />`;
    case "pairing":
      return y`<${Ra} />`;
    case "schedules":
      return y`<${Na} />`;
    case "usage":
      return y`<${Oa} />`;
    case "logs":
      return y`<${ls} />`;
    case "config":
      return y`<${Qi} />`;
    default:
      return y`<${Da} />`;
  }
}
function zf() {
  return y`<main class="login-required" id="main">
    <h1>Login required</h1>
    <p>You are not logged in, or your session has ended: run <code>skein dashboard</code> on the host to log in.</p>
    <p class="muted">It prints a one-time link; open it in this browser.</p>
  </main>`;
}
ki(y`<${Ha} />`, document.getElementById("app"));
