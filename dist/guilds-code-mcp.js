#!/usr/bin/env node
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/ajv/dist/compile/codegen/code.js
var require_code = __commonJS({
  "node_modules/ajv/dist/compile/codegen/code.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.regexpCode = exports2.getEsmExportName = exports2.getProperty = exports2.safeStringify = exports2.stringify = exports2.strConcat = exports2.addCodeArg = exports2.str = exports2._ = exports2.nil = exports2._Code = exports2.Name = exports2.IDENTIFIER = exports2._CodeOrName = void 0;
    var _CodeOrName = class {
    };
    exports2._CodeOrName = _CodeOrName;
    exports2.IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;
    var Name = class extends _CodeOrName {
      constructor(s) {
        super();
        if (!exports2.IDENTIFIER.test(s))
          throw new Error("CodeGen: name must be a valid identifier");
        this.str = s;
      }
      toString() {
        return this.str;
      }
      emptyStr() {
        return false;
      }
      get names() {
        return { [this.str]: 1 };
      }
    };
    exports2.Name = Name;
    var _Code = class extends _CodeOrName {
      constructor(code2) {
        super();
        this._items = typeof code2 === "string" ? [code2] : code2;
      }
      toString() {
        return this.str;
      }
      emptyStr() {
        if (this._items.length > 1)
          return false;
        const item = this._items[0];
        return item === "" || item === '""';
      }
      get str() {
        var _a3;
        return (_a3 = this._str) !== null && _a3 !== void 0 ? _a3 : this._str = this._items.reduce((s, c) => `${s}${c}`, "");
      }
      get names() {
        var _a3;
        return (_a3 = this._names) !== null && _a3 !== void 0 ? _a3 : this._names = this._items.reduce((names, c) => {
          if (c instanceof Name)
            names[c.str] = (names[c.str] || 0) + 1;
          return names;
        }, {});
      }
    };
    exports2._Code = _Code;
    exports2.nil = new _Code("");
    function _(strs, ...args) {
      const code2 = [strs[0]];
      let i = 0;
      while (i < args.length) {
        addCodeArg(code2, args[i]);
        code2.push(strs[++i]);
      }
      return new _Code(code2);
    }
    exports2._ = _;
    var plus = new _Code("+");
    function str(strs, ...args) {
      const expr = [safeStringify(strs[0])];
      let i = 0;
      while (i < args.length) {
        expr.push(plus);
        addCodeArg(expr, args[i]);
        expr.push(plus, safeStringify(strs[++i]));
      }
      optimize(expr);
      return new _Code(expr);
    }
    exports2.str = str;
    function addCodeArg(code2, arg) {
      if (arg instanceof _Code)
        code2.push(...arg._items);
      else if (arg instanceof Name)
        code2.push(arg);
      else
        code2.push(interpolate(arg));
    }
    exports2.addCodeArg = addCodeArg;
    function optimize(expr) {
      let i = 1;
      while (i < expr.length - 1) {
        if (expr[i] === plus) {
          const res = mergeExprItems(expr[i - 1], expr[i + 1]);
          if (res !== void 0) {
            expr.splice(i - 1, 3, res);
            continue;
          }
          expr[i++] = "+";
        }
        i++;
      }
    }
    function mergeExprItems(a, b) {
      if (b === '""')
        return a;
      if (a === '""')
        return b;
      if (typeof a == "string") {
        if (b instanceof Name || a[a.length - 1] !== '"')
          return;
        if (typeof b != "string")
          return `${a.slice(0, -1)}${b}"`;
        if (b[0] === '"')
          return a.slice(0, -1) + b.slice(1);
        return;
      }
      if (typeof b == "string" && b[0] === '"' && !(a instanceof Name))
        return `"${a}${b.slice(1)}`;
      return;
    }
    function strConcat(c1, c2) {
      return c2.emptyStr() ? c1 : c1.emptyStr() ? c2 : str`${c1}${c2}`;
    }
    exports2.strConcat = strConcat;
    function interpolate(x) {
      return typeof x == "number" || typeof x == "boolean" || x === null ? x : safeStringify(Array.isArray(x) ? x.join(",") : x);
    }
    function stringify(x) {
      return new _Code(safeStringify(x));
    }
    exports2.stringify = stringify;
    function safeStringify(x) {
      return JSON.stringify(x).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
    }
    exports2.safeStringify = safeStringify;
    function getProperty(key) {
      return typeof key == "string" && exports2.IDENTIFIER.test(key) ? new _Code(`.${key}`) : _`[${key}]`;
    }
    exports2.getProperty = getProperty;
    function getEsmExportName(key) {
      if (typeof key == "string" && exports2.IDENTIFIER.test(key)) {
        return new _Code(`${key}`);
      }
      throw new Error(`CodeGen: invalid export name: ${key}, use explicit $id name mapping`);
    }
    exports2.getEsmExportName = getEsmExportName;
    function regexpCode(rx) {
      return new _Code(rx.toString());
    }
    exports2.regexpCode = regexpCode;
  }
});

// node_modules/ajv/dist/compile/codegen/scope.js
var require_scope = __commonJS({
  "node_modules/ajv/dist/compile/codegen/scope.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ValueScope = exports2.ValueScopeName = exports2.Scope = exports2.varKinds = exports2.UsedValueState = void 0;
    var code_1 = require_code();
    var ValueError = class extends Error {
      constructor(name) {
        super(`CodeGen: "code" for ${name} not defined`);
        this.value = name.value;
      }
    };
    var UsedValueState;
    (function(UsedValueState2) {
      UsedValueState2[UsedValueState2["Started"] = 0] = "Started";
      UsedValueState2[UsedValueState2["Completed"] = 1] = "Completed";
    })(UsedValueState || (exports2.UsedValueState = UsedValueState = {}));
    exports2.varKinds = {
      const: new code_1.Name("const"),
      let: new code_1.Name("let"),
      var: new code_1.Name("var")
    };
    var Scope = class {
      constructor({ prefixes, parent } = {}) {
        this._names = {};
        this._prefixes = prefixes;
        this._parent = parent;
      }
      toName(nameOrPrefix) {
        return nameOrPrefix instanceof code_1.Name ? nameOrPrefix : this.name(nameOrPrefix);
      }
      name(prefix) {
        return new code_1.Name(this._newName(prefix));
      }
      _newName(prefix) {
        const ng = this._names[prefix] || this._nameGroup(prefix);
        return `${prefix}${ng.index++}`;
      }
      _nameGroup(prefix) {
        var _a3, _b;
        if (((_b = (_a3 = this._parent) === null || _a3 === void 0 ? void 0 : _a3._prefixes) === null || _b === void 0 ? void 0 : _b.has(prefix)) || this._prefixes && !this._prefixes.has(prefix)) {
          throw new Error(`CodeGen: prefix "${prefix}" is not allowed in this scope`);
        }
        return this._names[prefix] = { prefix, index: 0 };
      }
    };
    exports2.Scope = Scope;
    var ValueScopeName = class extends code_1.Name {
      constructor(prefix, nameStr) {
        super(nameStr);
        this.prefix = prefix;
      }
      setValue(value, { property, itemIndex }) {
        this.value = value;
        this.scopePath = (0, code_1._)`.${new code_1.Name(property)}[${itemIndex}]`;
      }
    };
    exports2.ValueScopeName = ValueScopeName;
    var line = (0, code_1._)`\n`;
    var ValueScope = class extends Scope {
      constructor(opts) {
        super(opts);
        this._values = {};
        this._scope = opts.scope;
        this.opts = { ...opts, _n: opts.lines ? line : code_1.nil };
      }
      get() {
        return this._scope;
      }
      name(prefix) {
        return new ValueScopeName(prefix, this._newName(prefix));
      }
      value(nameOrPrefix, value) {
        var _a3;
        if (value.ref === void 0)
          throw new Error("CodeGen: ref must be passed in value");
        const name = this.toName(nameOrPrefix);
        const { prefix } = name;
        const valueKey = (_a3 = value.key) !== null && _a3 !== void 0 ? _a3 : value.ref;
        let vs = this._values[prefix];
        if (vs) {
          const _name = vs.get(valueKey);
          if (_name)
            return _name;
        } else {
          vs = this._values[prefix] = /* @__PURE__ */ new Map();
        }
        vs.set(valueKey, name);
        const s = this._scope[prefix] || (this._scope[prefix] = []);
        const itemIndex = s.length;
        s[itemIndex] = value.ref;
        name.setValue(value, { property: prefix, itemIndex });
        return name;
      }
      getValue(prefix, keyOrRef) {
        const vs = this._values[prefix];
        if (!vs)
          return;
        return vs.get(keyOrRef);
      }
      scopeRefs(scopeName, values = this._values) {
        return this._reduceValues(values, (name) => {
          if (name.scopePath === void 0)
            throw new Error(`CodeGen: name "${name}" has no value`);
          return (0, code_1._)`${scopeName}${name.scopePath}`;
        });
      }
      scopeCode(values = this._values, usedValues, getCode) {
        return this._reduceValues(values, (name) => {
          if (name.value === void 0)
            throw new Error(`CodeGen: name "${name}" has no value`);
          return name.value.code;
        }, usedValues, getCode);
      }
      _reduceValues(values, valueCode, usedValues = {}, getCode) {
        let code2 = code_1.nil;
        for (const prefix in values) {
          const vs = values[prefix];
          if (!vs)
            continue;
          const nameSet = usedValues[prefix] = usedValues[prefix] || /* @__PURE__ */ new Map();
          vs.forEach((name) => {
            if (nameSet.has(name))
              return;
            nameSet.set(name, UsedValueState.Started);
            let c = valueCode(name);
            if (c) {
              const def = this.opts.es5 ? exports2.varKinds.var : exports2.varKinds.const;
              code2 = (0, code_1._)`${code2}${def} ${name} = ${c};${this.opts._n}`;
            } else if (c = getCode === null || getCode === void 0 ? void 0 : getCode(name)) {
              code2 = (0, code_1._)`${code2}${c}${this.opts._n}`;
            } else {
              throw new ValueError(name);
            }
            nameSet.set(name, UsedValueState.Completed);
          });
        }
        return code2;
      }
    };
    exports2.ValueScope = ValueScope;
  }
});

// node_modules/ajv/dist/compile/codegen/index.js
var require_codegen = __commonJS({
  "node_modules/ajv/dist/compile/codegen/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.or = exports2.and = exports2.not = exports2.CodeGen = exports2.operators = exports2.varKinds = exports2.ValueScopeName = exports2.ValueScope = exports2.Scope = exports2.Name = exports2.regexpCode = exports2.stringify = exports2.getProperty = exports2.nil = exports2.strConcat = exports2.str = exports2._ = void 0;
    var code_1 = require_code();
    var scope_1 = require_scope();
    var code_2 = require_code();
    Object.defineProperty(exports2, "_", { enumerable: true, get: function() {
      return code_2._;
    } });
    Object.defineProperty(exports2, "str", { enumerable: true, get: function() {
      return code_2.str;
    } });
    Object.defineProperty(exports2, "strConcat", { enumerable: true, get: function() {
      return code_2.strConcat;
    } });
    Object.defineProperty(exports2, "nil", { enumerable: true, get: function() {
      return code_2.nil;
    } });
    Object.defineProperty(exports2, "getProperty", { enumerable: true, get: function() {
      return code_2.getProperty;
    } });
    Object.defineProperty(exports2, "stringify", { enumerable: true, get: function() {
      return code_2.stringify;
    } });
    Object.defineProperty(exports2, "regexpCode", { enumerable: true, get: function() {
      return code_2.regexpCode;
    } });
    Object.defineProperty(exports2, "Name", { enumerable: true, get: function() {
      return code_2.Name;
    } });
    var scope_2 = require_scope();
    Object.defineProperty(exports2, "Scope", { enumerable: true, get: function() {
      return scope_2.Scope;
    } });
    Object.defineProperty(exports2, "ValueScope", { enumerable: true, get: function() {
      return scope_2.ValueScope;
    } });
    Object.defineProperty(exports2, "ValueScopeName", { enumerable: true, get: function() {
      return scope_2.ValueScopeName;
    } });
    Object.defineProperty(exports2, "varKinds", { enumerable: true, get: function() {
      return scope_2.varKinds;
    } });
    exports2.operators = {
      GT: new code_1._Code(">"),
      GTE: new code_1._Code(">="),
      LT: new code_1._Code("<"),
      LTE: new code_1._Code("<="),
      EQ: new code_1._Code("==="),
      NEQ: new code_1._Code("!=="),
      NOT: new code_1._Code("!"),
      OR: new code_1._Code("||"),
      AND: new code_1._Code("&&"),
      ADD: new code_1._Code("+")
    };
    var Node = class {
      optimizeNodes() {
        return this;
      }
      optimizeNames(_names, _constants) {
        return this;
      }
    };
    var Def = class extends Node {
      constructor(varKind, name, rhs) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.rhs = rhs;
      }
      render({ es5, _n }) {
        const varKind = es5 ? scope_1.varKinds.var : this.varKind;
        const rhs = this.rhs === void 0 ? "" : ` = ${this.rhs}`;
        return `${varKind} ${this.name}${rhs};` + _n;
      }
      optimizeNames(names, constants10) {
        if (!names[this.name.str])
          return;
        if (this.rhs)
          this.rhs = optimizeExpr(this.rhs, names, constants10);
        return this;
      }
      get names() {
        return this.rhs instanceof code_1._CodeOrName ? this.rhs.names : {};
      }
    };
    var Assign = class extends Node {
      constructor(lhs, rhs, sideEffects) {
        super();
        this.lhs = lhs;
        this.rhs = rhs;
        this.sideEffects = sideEffects;
      }
      render({ _n }) {
        return `${this.lhs} = ${this.rhs};` + _n;
      }
      optimizeNames(names, constants10) {
        if (this.lhs instanceof code_1.Name && !names[this.lhs.str] && !this.sideEffects)
          return;
        this.rhs = optimizeExpr(this.rhs, names, constants10);
        return this;
      }
      get names() {
        const names = this.lhs instanceof code_1.Name ? {} : { ...this.lhs.names };
        return addExprNames(names, this.rhs);
      }
    };
    var AssignOp = class extends Assign {
      constructor(lhs, op, rhs, sideEffects) {
        super(lhs, rhs, sideEffects);
        this.op = op;
      }
      render({ _n }) {
        return `${this.lhs} ${this.op}= ${this.rhs};` + _n;
      }
    };
    var Label = class extends Node {
      constructor(label) {
        super();
        this.label = label;
        this.names = {};
      }
      render({ _n }) {
        return `${this.label}:` + _n;
      }
    };
    var Break = class extends Node {
      constructor(label) {
        super();
        this.label = label;
        this.names = {};
      }
      render({ _n }) {
        const label = this.label ? ` ${this.label}` : "";
        return `break${label};` + _n;
      }
    };
    var Throw = class extends Node {
      constructor(error2) {
        super();
        this.error = error2;
      }
      render({ _n }) {
        return `throw ${this.error};` + _n;
      }
      get names() {
        return this.error.names;
      }
    };
    var AnyCode = class extends Node {
      constructor(code2) {
        super();
        this.code = code2;
      }
      render({ _n }) {
        return `${this.code};` + _n;
      }
      optimizeNodes() {
        return `${this.code}` ? this : void 0;
      }
      optimizeNames(names, constants10) {
        this.code = optimizeExpr(this.code, names, constants10);
        return this;
      }
      get names() {
        return this.code instanceof code_1._CodeOrName ? this.code.names : {};
      }
    };
    var ParentNode = class extends Node {
      constructor(nodes = []) {
        super();
        this.nodes = nodes;
      }
      render(opts) {
        return this.nodes.reduce((code2, n) => code2 + n.render(opts), "");
      }
      optimizeNodes() {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
          const n = nodes[i].optimizeNodes();
          if (Array.isArray(n))
            nodes.splice(i, 1, ...n);
          else if (n)
            nodes[i] = n;
          else
            nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : void 0;
      }
      optimizeNames(names, constants10) {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
          const n = nodes[i];
          if (n.optimizeNames(names, constants10))
            continue;
          subtractNames(names, n.names);
          nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : void 0;
      }
      get names() {
        return this.nodes.reduce((names, n) => addNames(names, n.names), {});
      }
    };
    var BlockNode = class extends ParentNode {
      render(opts) {
        return "{" + opts._n + super.render(opts) + "}" + opts._n;
      }
    };
    var Root = class extends ParentNode {
    };
    var Else = class extends BlockNode {
    };
    Else.kind = "else";
    var If = class _If extends BlockNode {
      constructor(condition, nodes) {
        super(nodes);
        this.condition = condition;
      }
      render(opts) {
        let code2 = `if(${this.condition})` + super.render(opts);
        if (this.else)
          code2 += "else " + this.else.render(opts);
        return code2;
      }
      optimizeNodes() {
        super.optimizeNodes();
        const cond = this.condition;
        if (cond === true)
          return this.nodes;
        let e = this.else;
        if (e) {
          const ns = e.optimizeNodes();
          e = this.else = Array.isArray(ns) ? new Else(ns) : ns;
        }
        if (e) {
          if (cond === false)
            return e instanceof _If ? e : e.nodes;
          if (this.nodes.length)
            return this;
          return new _If(not(cond), e instanceof _If ? [e] : e.nodes);
        }
        if (cond === false || !this.nodes.length)
          return void 0;
        return this;
      }
      optimizeNames(names, constants10) {
        var _a3;
        this.else = (_a3 = this.else) === null || _a3 === void 0 ? void 0 : _a3.optimizeNames(names, constants10);
        if (!(super.optimizeNames(names, constants10) || this.else))
          return;
        this.condition = optimizeExpr(this.condition, names, constants10);
        return this;
      }
      get names() {
        const names = super.names;
        addExprNames(names, this.condition);
        if (this.else)
          addNames(names, this.else.names);
        return names;
      }
    };
    If.kind = "if";
    var For = class extends BlockNode {
    };
    For.kind = "for";
    var ForLoop = class extends For {
      constructor(iteration) {
        super();
        this.iteration = iteration;
      }
      render(opts) {
        return `for(${this.iteration})` + super.render(opts);
      }
      optimizeNames(names, constants10) {
        if (!super.optimizeNames(names, constants10))
          return;
        this.iteration = optimizeExpr(this.iteration, names, constants10);
        return this;
      }
      get names() {
        return addNames(super.names, this.iteration.names);
      }
    };
    var ForRange = class extends For {
      constructor(varKind, name, from, to) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.from = from;
        this.to = to;
      }
      render(opts) {
        const varKind = opts.es5 ? scope_1.varKinds.var : this.varKind;
        const { name, from, to } = this;
        return `for(${varKind} ${name}=${from}; ${name}<${to}; ${name}++)` + super.render(opts);
      }
      get names() {
        const names = addExprNames(super.names, this.from);
        return addExprNames(names, this.to);
      }
    };
    var ForIter = class extends For {
      constructor(loop, varKind, name, iterable) {
        super();
        this.loop = loop;
        this.varKind = varKind;
        this.name = name;
        this.iterable = iterable;
      }
      render(opts) {
        return `for(${this.varKind} ${this.name} ${this.loop} ${this.iterable})` + super.render(opts);
      }
      optimizeNames(names, constants10) {
        if (!super.optimizeNames(names, constants10))
          return;
        this.iterable = optimizeExpr(this.iterable, names, constants10);
        return this;
      }
      get names() {
        return addNames(super.names, this.iterable.names);
      }
    };
    var Func = class extends BlockNode {
      constructor(name, args, async) {
        super();
        this.name = name;
        this.args = args;
        this.async = async;
      }
      render(opts) {
        const _async = this.async ? "async " : "";
        return `${_async}function ${this.name}(${this.args})` + super.render(opts);
      }
    };
    Func.kind = "func";
    var Return = class extends ParentNode {
      render(opts) {
        return "return " + super.render(opts);
      }
    };
    Return.kind = "return";
    var Try = class extends BlockNode {
      render(opts) {
        let code2 = "try" + super.render(opts);
        if (this.catch)
          code2 += this.catch.render(opts);
        if (this.finally)
          code2 += this.finally.render(opts);
        return code2;
      }
      optimizeNodes() {
        var _a3, _b;
        super.optimizeNodes();
        (_a3 = this.catch) === null || _a3 === void 0 ? void 0 : _a3.optimizeNodes();
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNodes();
        return this;
      }
      optimizeNames(names, constants10) {
        var _a3, _b;
        super.optimizeNames(names, constants10);
        (_a3 = this.catch) === null || _a3 === void 0 ? void 0 : _a3.optimizeNames(names, constants10);
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNames(names, constants10);
        return this;
      }
      get names() {
        const names = super.names;
        if (this.catch)
          addNames(names, this.catch.names);
        if (this.finally)
          addNames(names, this.finally.names);
        return names;
      }
    };
    var Catch = class extends BlockNode {
      constructor(error2) {
        super();
        this.error = error2;
      }
      render(opts) {
        return `catch(${this.error})` + super.render(opts);
      }
    };
    Catch.kind = "catch";
    var Finally = class extends BlockNode {
      render(opts) {
        return "finally" + super.render(opts);
      }
    };
    Finally.kind = "finally";
    var CodeGen = class {
      constructor(extScope, opts = {}) {
        this._values = {};
        this._blockStarts = [];
        this._constants = {};
        this.opts = { ...opts, _n: opts.lines ? "\n" : "" };
        this._extScope = extScope;
        this._scope = new scope_1.Scope({ parent: extScope });
        this._nodes = [new Root()];
      }
      toString() {
        return this._root.render(this.opts);
      }
      // returns unique name in the internal scope
      name(prefix) {
        return this._scope.name(prefix);
      }
      // reserves unique name in the external scope
      scopeName(prefix) {
        return this._extScope.name(prefix);
      }
      // reserves unique name in the external scope and assigns value to it
      scopeValue(prefixOrName, value) {
        const name = this._extScope.value(prefixOrName, value);
        const vs = this._values[name.prefix] || (this._values[name.prefix] = /* @__PURE__ */ new Set());
        vs.add(name);
        return name;
      }
      getScopeValue(prefix, keyOrRef) {
        return this._extScope.getValue(prefix, keyOrRef);
      }
      // return code that assigns values in the external scope to the names that are used internally
      // (same names that were returned by gen.scopeName or gen.scopeValue)
      scopeRefs(scopeName) {
        return this._extScope.scopeRefs(scopeName, this._values);
      }
      scopeCode() {
        return this._extScope.scopeCode(this._values);
      }
      _def(varKind, nameOrPrefix, rhs, constant) {
        const name = this._scope.toName(nameOrPrefix);
        if (rhs !== void 0 && constant)
          this._constants[name.str] = rhs;
        this._leafNode(new Def(varKind, name, rhs));
        return name;
      }
      // `const` declaration (`var` in es5 mode)
      const(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.const, nameOrPrefix, rhs, _constant);
      }
      // `let` declaration with optional assignment (`var` in es5 mode)
      let(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.let, nameOrPrefix, rhs, _constant);
      }
      // `var` declaration with optional assignment
      var(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.var, nameOrPrefix, rhs, _constant);
      }
      // assignment code
      assign(lhs, rhs, sideEffects) {
        return this._leafNode(new Assign(lhs, rhs, sideEffects));
      }
      // `+=` code
      add(lhs, rhs) {
        return this._leafNode(new AssignOp(lhs, exports2.operators.ADD, rhs));
      }
      // appends passed SafeExpr to code or executes Block
      code(c) {
        if (typeof c == "function")
          c();
        else if (c !== code_1.nil)
          this._leafNode(new AnyCode(c));
        return this;
      }
      // returns code for object literal for the passed argument list of key-value pairs
      object(...keyValues) {
        const code2 = ["{"];
        for (const [key, value] of keyValues) {
          if (code2.length > 1)
            code2.push(",");
          code2.push(key);
          if (key !== value || this.opts.es5) {
            code2.push(":");
            (0, code_1.addCodeArg)(code2, value);
          }
        }
        code2.push("}");
        return new code_1._Code(code2);
      }
      // `if` clause (or statement if `thenBody` and, optionally, `elseBody` are passed)
      if(condition, thenBody, elseBody) {
        this._blockNode(new If(condition));
        if (thenBody && elseBody) {
          this.code(thenBody).else().code(elseBody).endIf();
        } else if (thenBody) {
          this.code(thenBody).endIf();
        } else if (elseBody) {
          throw new Error('CodeGen: "else" body without "then" body');
        }
        return this;
      }
      // `else if` clause - invalid without `if` or after `else` clauses
      elseIf(condition) {
        return this._elseNode(new If(condition));
      }
      // `else` clause - only valid after `if` or `else if` clauses
      else() {
        return this._elseNode(new Else());
      }
      // end `if` statement (needed if gen.if was used only with condition)
      endIf() {
        return this._endBlockNode(If, Else);
      }
      _for(node2, forBody) {
        this._blockNode(node2);
        if (forBody)
          this.code(forBody).endFor();
        return this;
      }
      // a generic `for` clause (or statement if `forBody` is passed)
      for(iteration, forBody) {
        return this._for(new ForLoop(iteration), forBody);
      }
      // `for` statement for a range of values
      forRange(nameOrPrefix, from, to, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.let) {
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForRange(varKind, name, from, to), () => forBody(name));
      }
      // `for-of` statement (in es5 mode replace with a normal for loop)
      forOf(nameOrPrefix, iterable, forBody, varKind = scope_1.varKinds.const) {
        const name = this._scope.toName(nameOrPrefix);
        if (this.opts.es5) {
          const arr = iterable instanceof code_1.Name ? iterable : this.var("_arr", iterable);
          return this.forRange("_i", 0, (0, code_1._)`${arr}.length`, (i) => {
            this.var(name, (0, code_1._)`${arr}[${i}]`);
            forBody(name);
          });
        }
        return this._for(new ForIter("of", varKind, name, iterable), () => forBody(name));
      }
      // `for-in` statement.
      // With option `ownProperties` replaced with a `for-of` loop for object keys
      forIn(nameOrPrefix, obj, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.const) {
        if (this.opts.ownProperties) {
          return this.forOf(nameOrPrefix, (0, code_1._)`Object.keys(${obj})`, forBody);
        }
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForIter("in", varKind, name, obj), () => forBody(name));
      }
      // end `for` loop
      endFor() {
        return this._endBlockNode(For);
      }
      // `label` statement
      label(label) {
        return this._leafNode(new Label(label));
      }
      // `break` statement
      break(label) {
        return this._leafNode(new Break(label));
      }
      // `return` statement
      return(value) {
        const node2 = new Return();
        this._blockNode(node2);
        this.code(value);
        if (node2.nodes.length !== 1)
          throw new Error('CodeGen: "return" should have one node');
        return this._endBlockNode(Return);
      }
      // `try` statement
      try(tryBody, catchCode, finallyCode) {
        if (!catchCode && !finallyCode)
          throw new Error('CodeGen: "try" without "catch" and "finally"');
        const node2 = new Try();
        this._blockNode(node2);
        this.code(tryBody);
        if (catchCode) {
          const error2 = this.name("e");
          this._currNode = node2.catch = new Catch(error2);
          catchCode(error2);
        }
        if (finallyCode) {
          this._currNode = node2.finally = new Finally();
          this.code(finallyCode);
        }
        return this._endBlockNode(Catch, Finally);
      }
      // `throw` statement
      throw(error2) {
        return this._leafNode(new Throw(error2));
      }
      // start self-balancing block
      block(body, nodeCount) {
        this._blockStarts.push(this._nodes.length);
        if (body)
          this.code(body).endBlock(nodeCount);
        return this;
      }
      // end the current self-balancing block
      endBlock(nodeCount) {
        const len = this._blockStarts.pop();
        if (len === void 0)
          throw new Error("CodeGen: not in self-balancing block");
        const toClose = this._nodes.length - len;
        if (toClose < 0 || nodeCount !== void 0 && toClose !== nodeCount) {
          throw new Error(`CodeGen: wrong number of nodes: ${toClose} vs ${nodeCount} expected`);
        }
        this._nodes.length = len;
        return this;
      }
      // `function` heading (or definition if funcBody is passed)
      func(name, args = code_1.nil, async, funcBody) {
        this._blockNode(new Func(name, args, async));
        if (funcBody)
          this.code(funcBody).endFunc();
        return this;
      }
      // end function definition
      endFunc() {
        return this._endBlockNode(Func);
      }
      optimize(n = 1) {
        while (n-- > 0) {
          this._root.optimizeNodes();
          this._root.optimizeNames(this._root.names, this._constants);
        }
      }
      _leafNode(node2) {
        this._currNode.nodes.push(node2);
        return this;
      }
      _blockNode(node2) {
        this._currNode.nodes.push(node2);
        this._nodes.push(node2);
      }
      _endBlockNode(N1, N2) {
        const n = this._currNode;
        if (n instanceof N1 || N2 && n instanceof N2) {
          this._nodes.pop();
          return this;
        }
        throw new Error(`CodeGen: not in block "${N2 ? `${N1.kind}/${N2.kind}` : N1.kind}"`);
      }
      _elseNode(node2) {
        const n = this._currNode;
        if (!(n instanceof If)) {
          throw new Error('CodeGen: "else" without "if"');
        }
        this._currNode = n.else = node2;
        return this;
      }
      get _root() {
        return this._nodes[0];
      }
      get _currNode() {
        const ns = this._nodes;
        return ns[ns.length - 1];
      }
      set _currNode(node2) {
        const ns = this._nodes;
        ns[ns.length - 1] = node2;
      }
    };
    exports2.CodeGen = CodeGen;
    function addNames(names, from) {
      for (const n in from)
        names[n] = (names[n] || 0) + (from[n] || 0);
      return names;
    }
    function addExprNames(names, from) {
      return from instanceof code_1._CodeOrName ? addNames(names, from.names) : names;
    }
    function optimizeExpr(expr, names, constants10) {
      if (expr instanceof code_1.Name)
        return replaceName(expr);
      if (!canOptimize(expr))
        return expr;
      return new code_1._Code(expr._items.reduce((items, c) => {
        if (c instanceof code_1.Name)
          c = replaceName(c);
        if (c instanceof code_1._Code)
          items.push(...c._items);
        else
          items.push(c);
        return items;
      }, []));
      function replaceName(n) {
        const c = constants10[n.str];
        if (c === void 0 || names[n.str] !== 1)
          return n;
        delete names[n.str];
        return c;
      }
      function canOptimize(e) {
        return e instanceof code_1._Code && e._items.some((c) => c instanceof code_1.Name && names[c.str] === 1 && constants10[c.str] !== void 0);
      }
    }
    function subtractNames(names, from) {
      for (const n in from)
        names[n] = (names[n] || 0) - (from[n] || 0);
    }
    function not(x) {
      return typeof x == "boolean" || typeof x == "number" || x === null ? !x : (0, code_1._)`!${par(x)}`;
    }
    exports2.not = not;
    var andCode = mappend(exports2.operators.AND);
    function and(...args) {
      return args.reduce(andCode);
    }
    exports2.and = and;
    var orCode = mappend(exports2.operators.OR);
    function or(...args) {
      return args.reduce(orCode);
    }
    exports2.or = or;
    function mappend(op) {
      return (x, y) => x === code_1.nil ? y : y === code_1.nil ? x : (0, code_1._)`${par(x)} ${op} ${par(y)}`;
    }
    function par(x) {
      return x instanceof code_1.Name ? x : (0, code_1._)`(${x})`;
    }
  }
});

// node_modules/ajv/dist/compile/util.js
var require_util = __commonJS({
  "node_modules/ajv/dist/compile/util.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.checkStrictMode = exports2.getErrorPath = exports2.Type = exports2.useFunc = exports2.setEvaluated = exports2.evaluatedPropsToName = exports2.mergeEvaluated = exports2.eachItem = exports2.unescapeJsonPointer = exports2.escapeJsonPointer = exports2.escapeFragment = exports2.unescapeFragment = exports2.schemaRefOrVal = exports2.schemaHasRulesButRef = exports2.schemaHasRules = exports2.checkUnknownRules = exports2.alwaysValidSchema = exports2.toHash = void 0;
    var codegen_1 = require_codegen();
    var code_1 = require_code();
    function toHash(arr) {
      const hash = {};
      for (const item of arr)
        hash[item] = true;
      return hash;
    }
    exports2.toHash = toHash;
    function alwaysValidSchema(it, schema) {
      if (typeof schema == "boolean")
        return schema;
      if (Object.keys(schema).length === 0)
        return true;
      checkUnknownRules(it, schema);
      return !schemaHasRules(schema, it.self.RULES.all);
    }
    exports2.alwaysValidSchema = alwaysValidSchema;
    function checkUnknownRules(it, schema = it.schema) {
      const { opts, self } = it;
      if (!opts.strictSchema)
        return;
      if (typeof schema === "boolean")
        return;
      const rules = self.RULES.keywords;
      for (const key in schema) {
        if (!rules[key])
          checkStrictMode(it, `unknown keyword: "${key}"`);
      }
    }
    exports2.checkUnknownRules = checkUnknownRules;
    function schemaHasRules(schema, rules) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (rules[key])
          return true;
      return false;
    }
    exports2.schemaHasRules = schemaHasRules;
    function schemaHasRulesButRef(schema, RULES) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (key !== "$ref" && RULES.all[key])
          return true;
      return false;
    }
    exports2.schemaHasRulesButRef = schemaHasRulesButRef;
    function schemaRefOrVal({ topSchemaRef, schemaPath }, schema, keyword, $data) {
      if (!$data) {
        if (typeof schema == "number" || typeof schema == "boolean")
          return schema;
        if (typeof schema == "string")
          return (0, codegen_1._)`${schema}`;
      }
      return (0, codegen_1._)`${topSchemaRef}${schemaPath}${(0, codegen_1.getProperty)(keyword)}`;
    }
    exports2.schemaRefOrVal = schemaRefOrVal;
    function unescapeFragment(str) {
      return unescapeJsonPointer(decodeURIComponent(str));
    }
    exports2.unescapeFragment = unescapeFragment;
    function escapeFragment(str) {
      return encodeURIComponent(escapeJsonPointer(str));
    }
    exports2.escapeFragment = escapeFragment;
    function escapeJsonPointer(str) {
      if (typeof str == "number")
        return `${str}`;
      return str.replace(/~/g, "~0").replace(/\//g, "~1");
    }
    exports2.escapeJsonPointer = escapeJsonPointer;
    function unescapeJsonPointer(str) {
      return str.replace(/~1/g, "/").replace(/~0/g, "~");
    }
    exports2.unescapeJsonPointer = unescapeJsonPointer;
    function eachItem(xs, f) {
      if (Array.isArray(xs)) {
        for (const x of xs)
          f(x);
      } else {
        f(xs);
      }
    }
    exports2.eachItem = eachItem;
    function makeMergeEvaluated({ mergeNames, mergeToName, mergeValues: mergeValues2, resultToName }) {
      return (gen, from, to, toName) => {
        const res = to === void 0 ? from : to instanceof codegen_1.Name ? (from instanceof codegen_1.Name ? mergeNames(gen, from, to) : mergeToName(gen, from, to), to) : from instanceof codegen_1.Name ? (mergeToName(gen, to, from), from) : mergeValues2(from, to);
        return toName === codegen_1.Name && !(res instanceof codegen_1.Name) ? resultToName(gen, res) : res;
      };
    }
    exports2.mergeEvaluated = {
      props: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => {
          gen.if((0, codegen_1._)`${from} === true`, () => gen.assign(to, true), () => gen.assign(to, (0, codegen_1._)`${to} || {}`).code((0, codegen_1._)`Object.assign(${to}, ${from})`));
        }),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => {
          if (from === true) {
            gen.assign(to, true);
          } else {
            gen.assign(to, (0, codegen_1._)`${to} || {}`);
            setEvaluated(gen, to, from);
          }
        }),
        mergeValues: (from, to) => from === true ? true : { ...from, ...to },
        resultToName: evaluatedPropsToName
      }),
      items: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => gen.assign(to, (0, codegen_1._)`${from} === true ? true : ${to} > ${from} ? ${to} : ${from}`)),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => gen.assign(to, from === true ? true : (0, codegen_1._)`${to} > ${from} ? ${to} : ${from}`)),
        mergeValues: (from, to) => from === true ? true : Math.max(from, to),
        resultToName: (gen, items) => gen.var("items", items)
      })
    };
    function evaluatedPropsToName(gen, ps) {
      if (ps === true)
        return gen.var("props", true);
      const props = gen.var("props", (0, codegen_1._)`{}`);
      if (ps !== void 0)
        setEvaluated(gen, props, ps);
      return props;
    }
    exports2.evaluatedPropsToName = evaluatedPropsToName;
    function setEvaluated(gen, props, ps) {
      Object.keys(ps).forEach((p) => gen.assign((0, codegen_1._)`${props}${(0, codegen_1.getProperty)(p)}`, true));
    }
    exports2.setEvaluated = setEvaluated;
    var snippets = {};
    function useFunc(gen, f) {
      return gen.scopeValue("func", {
        ref: f,
        code: snippets[f.code] || (snippets[f.code] = new code_1._Code(f.code))
      });
    }
    exports2.useFunc = useFunc;
    var Type;
    (function(Type2) {
      Type2[Type2["Num"] = 0] = "Num";
      Type2[Type2["Str"] = 1] = "Str";
    })(Type || (exports2.Type = Type = {}));
    function getErrorPath(dataProp, dataPropType, jsPropertySyntax) {
      if (dataProp instanceof codegen_1.Name) {
        const isNumber = dataPropType === Type.Num;
        return jsPropertySyntax ? isNumber ? (0, codegen_1._)`"[" + ${dataProp} + "]"` : (0, codegen_1._)`"['" + ${dataProp} + "']"` : isNumber ? (0, codegen_1._)`"/" + ${dataProp}` : (0, codegen_1._)`"/" + ${dataProp}.replace(/~/g, "~0").replace(/\\//g, "~1")`;
      }
      return jsPropertySyntax ? (0, codegen_1.getProperty)(dataProp).toString() : "/" + escapeJsonPointer(dataProp);
    }
    exports2.getErrorPath = getErrorPath;
    function checkStrictMode(it, msg, mode = it.opts.strictSchema) {
      if (!mode)
        return;
      msg = `strict mode: ${msg}`;
      if (mode === true)
        throw new Error(msg);
      it.self.logger.warn(msg);
    }
    exports2.checkStrictMode = checkStrictMode;
  }
});

// node_modules/ajv/dist/compile/names.js
var require_names = __commonJS({
  "node_modules/ajv/dist/compile/names.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var names = {
      // validation function arguments
      data: new codegen_1.Name("data"),
      // data passed to validation function
      // args passed from referencing schema
      valCxt: new codegen_1.Name("valCxt"),
      // validation/data context - should not be used directly, it is destructured to the names below
      instancePath: new codegen_1.Name("instancePath"),
      parentData: new codegen_1.Name("parentData"),
      parentDataProperty: new codegen_1.Name("parentDataProperty"),
      rootData: new codegen_1.Name("rootData"),
      // root data - same as the data passed to the first/top validation function
      dynamicAnchors: new codegen_1.Name("dynamicAnchors"),
      // used to support recursiveRef and dynamicRef
      // function scoped variables
      vErrors: new codegen_1.Name("vErrors"),
      // null or array of validation errors
      errors: new codegen_1.Name("errors"),
      // counter of validation errors
      this: new codegen_1.Name("this"),
      // "globals"
      self: new codegen_1.Name("self"),
      scope: new codegen_1.Name("scope"),
      // JTD serialize/parse name for JSON string and position
      json: new codegen_1.Name("json"),
      jsonPos: new codegen_1.Name("jsonPos"),
      jsonLen: new codegen_1.Name("jsonLen"),
      jsonPart: new codegen_1.Name("jsonPart")
    };
    exports2.default = names;
  }
});

// node_modules/ajv/dist/compile/errors.js
var require_errors = __commonJS({
  "node_modules/ajv/dist/compile/errors.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.extendErrors = exports2.resetErrorsCount = exports2.reportExtraError = exports2.reportError = exports2.keyword$DataError = exports2.keywordError = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var names_1 = require_names();
    exports2.keywordError = {
      message: ({ keyword }) => (0, codegen_1.str)`must pass "${keyword}" keyword validation`
    };
    exports2.keyword$DataError = {
      message: ({ keyword, schemaType }) => schemaType ? (0, codegen_1.str)`"${keyword}" keyword must be ${schemaType} ($data)` : (0, codegen_1.str)`"${keyword}" keyword is invalid ($data)`
    };
    function reportError(cxt, error2 = exports2.keywordError, errorPaths, overrideAllErrors) {
      const { it } = cxt;
      const { gen, compositeRule, allErrors } = it;
      const errObj = errorObjectCode(cxt, error2, errorPaths);
      if (overrideAllErrors !== null && overrideAllErrors !== void 0 ? overrideAllErrors : compositeRule || allErrors) {
        addError(gen, errObj);
      } else {
        returnErrors(it, (0, codegen_1._)`[${errObj}]`);
      }
    }
    exports2.reportError = reportError;
    function reportExtraError(cxt, error2 = exports2.keywordError, errorPaths) {
      const { it } = cxt;
      const { gen, compositeRule, allErrors } = it;
      const errObj = errorObjectCode(cxt, error2, errorPaths);
      addError(gen, errObj);
      if (!(compositeRule || allErrors)) {
        returnErrors(it, names_1.default.vErrors);
      }
    }
    exports2.reportExtraError = reportExtraError;
    function resetErrorsCount(gen, errsCount) {
      gen.assign(names_1.default.errors, errsCount);
      gen.if((0, codegen_1._)`${names_1.default.vErrors} !== null`, () => gen.if(errsCount, () => gen.assign((0, codegen_1._)`${names_1.default.vErrors}.length`, errsCount), () => gen.assign(names_1.default.vErrors, null)));
    }
    exports2.resetErrorsCount = resetErrorsCount;
    function extendErrors({ gen, keyword, schemaValue, data, errsCount, it }) {
      if (errsCount === void 0)
        throw new Error("ajv implementation error");
      const err = gen.name("err");
      gen.forRange("i", errsCount, names_1.default.errors, (i) => {
        gen.const(err, (0, codegen_1._)`${names_1.default.vErrors}[${i}]`);
        gen.if((0, codegen_1._)`${err}.instancePath === undefined`, () => gen.assign((0, codegen_1._)`${err}.instancePath`, (0, codegen_1.strConcat)(names_1.default.instancePath, it.errorPath)));
        gen.assign((0, codegen_1._)`${err}.schemaPath`, (0, codegen_1.str)`${it.errSchemaPath}/${keyword}`);
        if (it.opts.verbose) {
          gen.assign((0, codegen_1._)`${err}.schema`, schemaValue);
          gen.assign((0, codegen_1._)`${err}.data`, data);
        }
      });
    }
    exports2.extendErrors = extendErrors;
    function addError(gen, errObj) {
      const err = gen.const("err", errObj);
      gen.if((0, codegen_1._)`${names_1.default.vErrors} === null`, () => gen.assign(names_1.default.vErrors, (0, codegen_1._)`[${err}]`), (0, codegen_1._)`${names_1.default.vErrors}.push(${err})`);
      gen.code((0, codegen_1._)`${names_1.default.errors}++`);
    }
    function returnErrors(it, errs) {
      const { gen, validateName, schemaEnv } = it;
      if (schemaEnv.$async) {
        gen.throw((0, codegen_1._)`new ${it.ValidationError}(${errs})`);
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, errs);
        gen.return(false);
      }
    }
    var E = {
      keyword: new codegen_1.Name("keyword"),
      schemaPath: new codegen_1.Name("schemaPath"),
      // also used in JTD errors
      params: new codegen_1.Name("params"),
      propertyName: new codegen_1.Name("propertyName"),
      message: new codegen_1.Name("message"),
      schema: new codegen_1.Name("schema"),
      parentSchema: new codegen_1.Name("parentSchema")
    };
    function errorObjectCode(cxt, error2, errorPaths) {
      const { createErrors } = cxt.it;
      if (createErrors === false)
        return (0, codegen_1._)`{}`;
      return errorObject(cxt, error2, errorPaths);
    }
    function errorObject(cxt, error2, errorPaths = {}) {
      const { gen, it } = cxt;
      const keyValues = [
        errorInstancePath(it, errorPaths),
        errorSchemaPath(cxt, errorPaths)
      ];
      extraErrorProps(cxt, error2, keyValues);
      return gen.object(...keyValues);
    }
    function errorInstancePath({ errorPath }, { instancePath }) {
      const instPath = instancePath ? (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(instancePath, util_1.Type.Str)}` : errorPath;
      return [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, instPath)];
    }
    function errorSchemaPath({ keyword, it: { errSchemaPath } }, { schemaPath, parentSchema }) {
      let schPath = parentSchema ? errSchemaPath : (0, codegen_1.str)`${errSchemaPath}/${keyword}`;
      if (schemaPath) {
        schPath = (0, codegen_1.str)`${schPath}${(0, util_1.getErrorPath)(schemaPath, util_1.Type.Str)}`;
      }
      return [E.schemaPath, schPath];
    }
    function extraErrorProps(cxt, { params, message }, keyValues) {
      const { keyword, data, schemaValue, it } = cxt;
      const { opts, propertyName, topSchemaRef, schemaPath } = it;
      keyValues.push([E.keyword, keyword], [E.params, typeof params == "function" ? params(cxt) : params || (0, codegen_1._)`{}`]);
      if (opts.messages) {
        keyValues.push([E.message, typeof message == "function" ? message(cxt) : message]);
      }
      if (opts.verbose) {
        keyValues.push([E.schema, schemaValue], [E.parentSchema, (0, codegen_1._)`${topSchemaRef}${schemaPath}`], [names_1.default.data, data]);
      }
      if (propertyName)
        keyValues.push([E.propertyName, propertyName]);
    }
  }
});

// node_modules/ajv/dist/compile/validate/boolSchema.js
var require_boolSchema = __commonJS({
  "node_modules/ajv/dist/compile/validate/boolSchema.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.boolOrEmptySchema = exports2.topBoolOrEmptySchema = void 0;
    var errors_1 = require_errors();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var boolError = {
      message: "boolean schema is false"
    };
    function topBoolOrEmptySchema(it) {
      const { gen, schema, validateName } = it;
      if (schema === false) {
        falseSchemaError(it, false);
      } else if (typeof schema == "object" && schema.$async === true) {
        gen.return(names_1.default.data);
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, null);
        gen.return(true);
      }
    }
    exports2.topBoolOrEmptySchema = topBoolOrEmptySchema;
    function boolOrEmptySchema(it, valid) {
      const { gen, schema } = it;
      if (schema === false) {
        gen.var(valid, false);
        falseSchemaError(it);
      } else {
        gen.var(valid, true);
      }
    }
    exports2.boolOrEmptySchema = boolOrEmptySchema;
    function falseSchemaError(it, overrideAllErrors) {
      const { gen, data } = it;
      const cxt = {
        gen,
        keyword: "false schema",
        data,
        schema: false,
        schemaCode: false,
        schemaValue: false,
        params: {},
        it
      };
      (0, errors_1.reportError)(cxt, boolError, void 0, overrideAllErrors);
    }
  }
});

// node_modules/ajv/dist/compile/rules.js
var require_rules = __commonJS({
  "node_modules/ajv/dist/compile/rules.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.getRules = exports2.isJSONType = void 0;
    var _jsonTypes = ["string", "number", "integer", "boolean", "null", "object", "array"];
    var jsonTypes = new Set(_jsonTypes);
    function isJSONType(x) {
      return typeof x == "string" && jsonTypes.has(x);
    }
    exports2.isJSONType = isJSONType;
    function getRules() {
      const groups = {
        number: { type: "number", rules: [] },
        string: { type: "string", rules: [] },
        array: { type: "array", rules: [] },
        object: { type: "object", rules: [] }
      };
      return {
        types: { ...groups, integer: true, boolean: true, null: true },
        rules: [{ rules: [] }, groups.number, groups.string, groups.array, groups.object],
        post: { rules: [] },
        all: {},
        keywords: {}
      };
    }
    exports2.getRules = getRules;
  }
});

// node_modules/ajv/dist/compile/validate/applicability.js
var require_applicability = __commonJS({
  "node_modules/ajv/dist/compile/validate/applicability.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.shouldUseRule = exports2.shouldUseGroup = exports2.schemaHasRulesForType = void 0;
    function schemaHasRulesForType({ schema, self }, type) {
      const group = self.RULES.types[type];
      return group && group !== true && shouldUseGroup(schema, group);
    }
    exports2.schemaHasRulesForType = schemaHasRulesForType;
    function shouldUseGroup(schema, group) {
      return group.rules.some((rule) => shouldUseRule(schema, rule));
    }
    exports2.shouldUseGroup = shouldUseGroup;
    function shouldUseRule(schema, rule) {
      var _a3;
      return schema[rule.keyword] !== void 0 || ((_a3 = rule.definition.implements) === null || _a3 === void 0 ? void 0 : _a3.some((kwd) => schema[kwd] !== void 0));
    }
    exports2.shouldUseRule = shouldUseRule;
  }
});

// node_modules/ajv/dist/compile/validate/dataType.js
var require_dataType = __commonJS({
  "node_modules/ajv/dist/compile/validate/dataType.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.reportTypeError = exports2.checkDataTypes = exports2.checkDataType = exports2.coerceAndCheckDataType = exports2.getJSONTypes = exports2.getSchemaTypes = exports2.DataType = void 0;
    var rules_1 = require_rules();
    var applicability_1 = require_applicability();
    var errors_1 = require_errors();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var DataType;
    (function(DataType2) {
      DataType2[DataType2["Correct"] = 0] = "Correct";
      DataType2[DataType2["Wrong"] = 1] = "Wrong";
    })(DataType || (exports2.DataType = DataType = {}));
    function getSchemaTypes(schema) {
      const types = getJSONTypes(schema.type);
      const hasNull = types.includes("null");
      if (hasNull) {
        if (schema.nullable === false)
          throw new Error("type: null contradicts nullable: false");
      } else {
        if (!types.length && schema.nullable !== void 0) {
          throw new Error('"nullable" cannot be used without "type"');
        }
        if (schema.nullable === true)
          types.push("null");
      }
      return types;
    }
    exports2.getSchemaTypes = getSchemaTypes;
    function getJSONTypes(ts) {
      const types = Array.isArray(ts) ? ts : ts ? [ts] : [];
      if (types.every(rules_1.isJSONType))
        return types;
      throw new Error("type must be JSONType or JSONType[]: " + types.join(","));
    }
    exports2.getJSONTypes = getJSONTypes;
    function coerceAndCheckDataType(it, types) {
      const { gen, data, opts } = it;
      const coerceTo = coerceToTypes(types, opts.coerceTypes);
      const checkTypes = types.length > 0 && !(coerceTo.length === 0 && types.length === 1 && (0, applicability_1.schemaHasRulesForType)(it, types[0]));
      if (checkTypes) {
        const wrongType = checkDataTypes(types, data, opts.strictNumbers, DataType.Wrong);
        gen.if(wrongType, () => {
          if (coerceTo.length)
            coerceData(it, types, coerceTo);
          else
            reportTypeError(it);
        });
      }
      return checkTypes;
    }
    exports2.coerceAndCheckDataType = coerceAndCheckDataType;
    var COERCIBLE = /* @__PURE__ */ new Set(["string", "number", "integer", "boolean", "null"]);
    function coerceToTypes(types, coerceTypes) {
      return coerceTypes ? types.filter((t) => COERCIBLE.has(t) || coerceTypes === "array" && t === "array") : [];
    }
    function coerceData(it, types, coerceTo) {
      const { gen, data, opts } = it;
      const dataType = gen.let("dataType", (0, codegen_1._)`typeof ${data}`);
      const coerced = gen.let("coerced", (0, codegen_1._)`undefined`);
      if (opts.coerceTypes === "array") {
        gen.if((0, codegen_1._)`${dataType} == 'object' && Array.isArray(${data}) && ${data}.length == 1`, () => gen.assign(data, (0, codegen_1._)`${data}[0]`).assign(dataType, (0, codegen_1._)`typeof ${data}`).if(checkDataTypes(types, data, opts.strictNumbers), () => gen.assign(coerced, data)));
      }
      gen.if((0, codegen_1._)`${coerced} !== undefined`);
      for (const t of coerceTo) {
        if (COERCIBLE.has(t) || t === "array" && opts.coerceTypes === "array") {
          coerceSpecificType(t);
        }
      }
      gen.else();
      reportTypeError(it);
      gen.endIf();
      gen.if((0, codegen_1._)`${coerced} !== undefined`, () => {
        gen.assign(data, coerced);
        assignParentData(it, coerced);
      });
      function coerceSpecificType(t) {
        switch (t) {
          case "string":
            gen.elseIf((0, codegen_1._)`${dataType} == "number" || ${dataType} == "boolean"`).assign(coerced, (0, codegen_1._)`"" + ${data}`).elseIf((0, codegen_1._)`${data} === null`).assign(coerced, (0, codegen_1._)`""`);
            return;
          case "number":
            gen.elseIf((0, codegen_1._)`${dataType} == "boolean" || ${data} === null
              || (${dataType} == "string" && ${data} && ${data} == +${data})`).assign(coerced, (0, codegen_1._)`+${data}`);
            return;
          case "integer":
            gen.elseIf((0, codegen_1._)`${dataType} === "boolean" || ${data} === null
              || (${dataType} === "string" && ${data} && ${data} == +${data} && !(${data} % 1))`).assign(coerced, (0, codegen_1._)`+${data}`);
            return;
          case "boolean":
            gen.elseIf((0, codegen_1._)`${data} === "false" || ${data} === 0 || ${data} === null`).assign(coerced, false).elseIf((0, codegen_1._)`${data} === "true" || ${data} === 1`).assign(coerced, true);
            return;
          case "null":
            gen.elseIf((0, codegen_1._)`${data} === "" || ${data} === 0 || ${data} === false`);
            gen.assign(coerced, null);
            return;
          case "array":
            gen.elseIf((0, codegen_1._)`${dataType} === "string" || ${dataType} === "number"
              || ${dataType} === "boolean" || ${data} === null`).assign(coerced, (0, codegen_1._)`[${data}]`);
        }
      }
    }
    function assignParentData({ gen, parentData, parentDataProperty }, expr) {
      gen.if((0, codegen_1._)`${parentData} !== undefined`, () => gen.assign((0, codegen_1._)`${parentData}[${parentDataProperty}]`, expr));
    }
    function checkDataType(dataType, data, strictNums, correct = DataType.Correct) {
      const EQ = correct === DataType.Correct ? codegen_1.operators.EQ : codegen_1.operators.NEQ;
      let cond;
      switch (dataType) {
        case "null":
          return (0, codegen_1._)`${data} ${EQ} null`;
        case "array":
          cond = (0, codegen_1._)`Array.isArray(${data})`;
          break;
        case "object":
          cond = (0, codegen_1._)`${data} && typeof ${data} == "object" && !Array.isArray(${data})`;
          break;
        case "integer":
          cond = numCond((0, codegen_1._)`!(${data} % 1) && !isNaN(${data})`);
          break;
        case "number":
          cond = numCond();
          break;
        default:
          return (0, codegen_1._)`typeof ${data} ${EQ} ${dataType}`;
      }
      return correct === DataType.Correct ? cond : (0, codegen_1.not)(cond);
      function numCond(_cond = codegen_1.nil) {
        return (0, codegen_1.and)((0, codegen_1._)`typeof ${data} == "number"`, _cond, strictNums ? (0, codegen_1._)`isFinite(${data})` : codegen_1.nil);
      }
    }
    exports2.checkDataType = checkDataType;
    function checkDataTypes(dataTypes, data, strictNums, correct) {
      if (dataTypes.length === 1) {
        return checkDataType(dataTypes[0], data, strictNums, correct);
      }
      let cond;
      const types = (0, util_1.toHash)(dataTypes);
      if (types.array && types.object) {
        const notObj = (0, codegen_1._)`typeof ${data} != "object"`;
        cond = types.null ? notObj : (0, codegen_1._)`!${data} || ${notObj}`;
        delete types.null;
        delete types.array;
        delete types.object;
      } else {
        cond = codegen_1.nil;
      }
      if (types.number)
        delete types.integer;
      for (const t in types)
        cond = (0, codegen_1.and)(cond, checkDataType(t, data, strictNums, correct));
      return cond;
    }
    exports2.checkDataTypes = checkDataTypes;
    var typeError = {
      message: ({ schema }) => `must be ${schema}`,
      params: ({ schema, schemaValue }) => typeof schema == "string" ? (0, codegen_1._)`{type: ${schema}}` : (0, codegen_1._)`{type: ${schemaValue}}`
    };
    function reportTypeError(it) {
      const cxt = getTypeErrorContext(it);
      (0, errors_1.reportError)(cxt, typeError);
    }
    exports2.reportTypeError = reportTypeError;
    function getTypeErrorContext(it) {
      const { gen, data, schema } = it;
      const schemaCode = (0, util_1.schemaRefOrVal)(it, schema, "type");
      return {
        gen,
        keyword: "type",
        data,
        schema: schema.type,
        schemaCode,
        schemaValue: schemaCode,
        parentSchema: schema,
        params: {},
        it
      };
    }
  }
});

// node_modules/ajv/dist/compile/validate/defaults.js
var require_defaults = __commonJS({
  "node_modules/ajv/dist/compile/validate/defaults.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.assignDefaults = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    function assignDefaults(it, ty) {
      const { properties, items } = it.schema;
      if (ty === "object" && properties) {
        for (const key in properties) {
          assignDefault(it, key, properties[key].default);
        }
      } else if (ty === "array" && Array.isArray(items)) {
        items.forEach((sch, i) => assignDefault(it, i, sch.default));
      }
    }
    exports2.assignDefaults = assignDefaults;
    function assignDefault(it, prop, defaultValue) {
      const { gen, compositeRule, data, opts } = it;
      if (defaultValue === void 0)
        return;
      const childData = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(prop)}`;
      if (compositeRule) {
        (0, util_1.checkStrictMode)(it, `default is ignored for: ${childData}`);
        return;
      }
      let condition = (0, codegen_1._)`${childData} === undefined`;
      if (opts.useDefaults === "empty") {
        condition = (0, codegen_1._)`${condition} || ${childData} === null || ${childData} === ""`;
      }
      gen.if(condition, (0, codegen_1._)`${childData} = ${(0, codegen_1.stringify)(defaultValue)}`);
    }
  }
});

// node_modules/ajv/dist/vocabularies/code.js
var require_code2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/code.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.validateUnion = exports2.validateArray = exports2.usePattern = exports2.callValidateCode = exports2.schemaProperties = exports2.allSchemaProperties = exports2.noPropertyInData = exports2.propertyInData = exports2.isOwnProperty = exports2.hasPropFunc = exports2.reportMissingProp = exports2.checkMissingProp = exports2.checkReportMissingProp = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var names_1 = require_names();
    var util_2 = require_util();
    function checkReportMissingProp(cxt, prop) {
      const { gen, data, it } = cxt;
      gen.if(noPropertyInData(gen, data, prop, it.opts.ownProperties), () => {
        cxt.setParams({ missingProperty: (0, codegen_1._)`${prop}` }, true);
        cxt.error();
      });
    }
    exports2.checkReportMissingProp = checkReportMissingProp;
    function checkMissingProp({ gen, data, it: { opts } }, properties, missing) {
      return (0, codegen_1.or)(...properties.map((prop) => (0, codegen_1.and)(noPropertyInData(gen, data, prop, opts.ownProperties), (0, codegen_1._)`${missing} = ${prop}`)));
    }
    exports2.checkMissingProp = checkMissingProp;
    function reportMissingProp(cxt, missing) {
      cxt.setParams({ missingProperty: missing }, true);
      cxt.error();
    }
    exports2.reportMissingProp = reportMissingProp;
    function hasPropFunc(gen) {
      return gen.scopeValue("func", {
        // eslint-disable-next-line @typescript-eslint/unbound-method
        ref: Object.prototype.hasOwnProperty,
        code: (0, codegen_1._)`Object.prototype.hasOwnProperty`
      });
    }
    exports2.hasPropFunc = hasPropFunc;
    function isOwnProperty(gen, data, property) {
      return (0, codegen_1._)`${hasPropFunc(gen)}.call(${data}, ${property})`;
    }
    exports2.isOwnProperty = isOwnProperty;
    function propertyInData(gen, data, property, ownProperties) {
      const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} !== undefined`;
      return ownProperties ? (0, codegen_1._)`${cond} && ${isOwnProperty(gen, data, property)}` : cond;
    }
    exports2.propertyInData = propertyInData;
    function noPropertyInData(gen, data, property, ownProperties) {
      const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} === undefined`;
      return ownProperties ? (0, codegen_1.or)(cond, (0, codegen_1.not)(isOwnProperty(gen, data, property))) : cond;
    }
    exports2.noPropertyInData = noPropertyInData;
    function allSchemaProperties(schemaMap) {
      return schemaMap ? Object.keys(schemaMap).filter((p) => p !== "__proto__") : [];
    }
    exports2.allSchemaProperties = allSchemaProperties;
    function schemaProperties(it, schemaMap) {
      return allSchemaProperties(schemaMap).filter((p) => !(0, util_1.alwaysValidSchema)(it, schemaMap[p]));
    }
    exports2.schemaProperties = schemaProperties;
    function callValidateCode({ schemaCode, data, it: { gen, topSchemaRef, schemaPath, errorPath }, it }, func, context, passSchema) {
      const dataAndSchema = passSchema ? (0, codegen_1._)`${schemaCode}, ${data}, ${topSchemaRef}${schemaPath}` : data;
      const valCxt = [
        [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, errorPath)],
        [names_1.default.parentData, it.parentData],
        [names_1.default.parentDataProperty, it.parentDataProperty],
        [names_1.default.rootData, names_1.default.rootData]
      ];
      if (it.opts.dynamicRef)
        valCxt.push([names_1.default.dynamicAnchors, names_1.default.dynamicAnchors]);
      const args = (0, codegen_1._)`${dataAndSchema}, ${gen.object(...valCxt)}`;
      return context !== codegen_1.nil ? (0, codegen_1._)`${func}.call(${context}, ${args})` : (0, codegen_1._)`${func}(${args})`;
    }
    exports2.callValidateCode = callValidateCode;
    var newRegExp = (0, codegen_1._)`new RegExp`;
    function usePattern({ gen, it: { opts } }, pattern2) {
      const u = opts.unicodeRegExp ? "u" : "";
      const { regExp } = opts.code;
      const rx = regExp(pattern2, u);
      return gen.scopeValue("pattern", {
        key: rx.toString(),
        ref: rx,
        code: (0, codegen_1._)`${regExp.code === "new RegExp" ? newRegExp : (0, util_2.useFunc)(gen, regExp)}(${pattern2}, ${u})`
      });
    }
    exports2.usePattern = usePattern;
    function validateArray(cxt) {
      const { gen, data, keyword, it } = cxt;
      const valid = gen.name("valid");
      if (it.allErrors) {
        const validArr = gen.let("valid", true);
        validateItems(() => gen.assign(validArr, false));
        return validArr;
      }
      gen.var(valid, true);
      validateItems(() => gen.break());
      return valid;
      function validateItems(notValid) {
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        gen.forRange("i", 0, len, (i) => {
          cxt.subschema({
            keyword,
            dataProp: i,
            dataPropType: util_1.Type.Num
          }, valid);
          gen.if((0, codegen_1.not)(valid), notValid);
        });
      }
    }
    exports2.validateArray = validateArray;
    function validateUnion(cxt) {
      const { gen, schema, keyword, it } = cxt;
      if (!Array.isArray(schema))
        throw new Error("ajv implementation error");
      const alwaysValid = schema.some((sch) => (0, util_1.alwaysValidSchema)(it, sch));
      if (alwaysValid && !it.opts.unevaluated)
        return;
      const valid = gen.let("valid", false);
      const schValid = gen.name("_valid");
      gen.block(() => schema.forEach((_sch, i) => {
        const schCxt = cxt.subschema({
          keyword,
          schemaProp: i,
          compositeRule: true
        }, schValid);
        gen.assign(valid, (0, codegen_1._)`${valid} || ${schValid}`);
        const merged = cxt.mergeValidEvaluated(schCxt, schValid);
        if (!merged)
          gen.if((0, codegen_1.not)(valid));
      }));
      cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
    }
    exports2.validateUnion = validateUnion;
  }
});

// node_modules/ajv/dist/compile/validate/keyword.js
var require_keyword = __commonJS({
  "node_modules/ajv/dist/compile/validate/keyword.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.validateKeywordUsage = exports2.validSchemaType = exports2.funcKeywordCode = exports2.macroKeywordCode = void 0;
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var code_1 = require_code2();
    var errors_1 = require_errors();
    function macroKeywordCode(cxt, def) {
      const { gen, keyword, schema, parentSchema, it } = cxt;
      const macroSchema = def.macro.call(it.self, schema, parentSchema, it);
      const schemaRef = useKeyword(gen, keyword, macroSchema);
      if (it.opts.validateSchema !== false)
        it.self.validateSchema(macroSchema, true);
      const valid = gen.name("valid");
      cxt.subschema({
        schema: macroSchema,
        schemaPath: codegen_1.nil,
        errSchemaPath: `${it.errSchemaPath}/${keyword}`,
        topSchemaRef: schemaRef,
        compositeRule: true
      }, valid);
      cxt.pass(valid, () => cxt.error(true));
    }
    exports2.macroKeywordCode = macroKeywordCode;
    function funcKeywordCode(cxt, def) {
      var _a3;
      const { gen, keyword, schema, parentSchema, $data, it } = cxt;
      checkAsyncKeyword(it, def);
      const validate3 = !$data && def.compile ? def.compile.call(it.self, schema, parentSchema, it) : def.validate;
      const validateRef = useKeyword(gen, keyword, validate3);
      const valid = gen.let("valid");
      cxt.block$data(valid, validateKeyword);
      cxt.ok((_a3 = def.valid) !== null && _a3 !== void 0 ? _a3 : valid);
      function validateKeyword() {
        if (def.errors === false) {
          assignValid();
          if (def.modifying)
            modifyData(cxt);
          reportErrs(() => cxt.error());
        } else {
          const ruleErrs = def.async ? validateAsync3() : validateSync();
          if (def.modifying)
            modifyData(cxt);
          reportErrs(() => addErrs(cxt, ruleErrs));
        }
      }
      function validateAsync3() {
        const ruleErrs = gen.let("ruleErrs", null);
        gen.try(() => assignValid((0, codegen_1._)`await `), (e) => gen.assign(valid, false).if((0, codegen_1._)`${e} instanceof ${it.ValidationError}`, () => gen.assign(ruleErrs, (0, codegen_1._)`${e}.errors`), () => gen.throw(e)));
        return ruleErrs;
      }
      function validateSync() {
        const validateErrs = (0, codegen_1._)`${validateRef}.errors`;
        gen.assign(validateErrs, null);
        assignValid(codegen_1.nil);
        return validateErrs;
      }
      function assignValid(_await = def.async ? (0, codegen_1._)`await ` : codegen_1.nil) {
        const passCxt = it.opts.passContext ? names_1.default.this : names_1.default.self;
        const passSchema = !("compile" in def && !$data || def.schema === false);
        gen.assign(valid, (0, codegen_1._)`${_await}${(0, code_1.callValidateCode)(cxt, validateRef, passCxt, passSchema)}`, def.modifying);
      }
      function reportErrs(errors) {
        var _a4;
        gen.if((0, codegen_1.not)((_a4 = def.valid) !== null && _a4 !== void 0 ? _a4 : valid), errors);
      }
    }
    exports2.funcKeywordCode = funcKeywordCode;
    function modifyData(cxt) {
      const { gen, data, it } = cxt;
      gen.if(it.parentData, () => gen.assign(data, (0, codegen_1._)`${it.parentData}[${it.parentDataProperty}]`));
    }
    function addErrs(cxt, errs) {
      const { gen } = cxt;
      gen.if((0, codegen_1._)`Array.isArray(${errs})`, () => {
        gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`).assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
        (0, errors_1.extendErrors)(cxt);
      }, () => cxt.error());
    }
    function checkAsyncKeyword({ schemaEnv }, def) {
      if (def.async && !schemaEnv.$async)
        throw new Error("async keyword in sync schema");
    }
    function useKeyword(gen, keyword, result) {
      if (result === void 0)
        throw new Error(`keyword "${keyword}" failed to compile`);
      return gen.scopeValue("keyword", typeof result == "function" ? { ref: result } : { ref: result, code: (0, codegen_1.stringify)(result) });
    }
    function validSchemaType(schema, schemaType, allowUndefined = false) {
      return !schemaType.length || schemaType.some((st) => st === "array" ? Array.isArray(schema) : st === "object" ? schema && typeof schema == "object" && !Array.isArray(schema) : typeof schema == st || allowUndefined && typeof schema == "undefined");
    }
    exports2.validSchemaType = validSchemaType;
    function validateKeywordUsage({ schema, opts, self, errSchemaPath }, def, keyword) {
      if (Array.isArray(def.keyword) ? !def.keyword.includes(keyword) : def.keyword !== keyword) {
        throw new Error("ajv implementation error");
      }
      const deps = def.dependencies;
      if (deps === null || deps === void 0 ? void 0 : deps.some((kwd) => !Object.prototype.hasOwnProperty.call(schema, kwd))) {
        throw new Error(`parent schema must have dependencies of ${keyword}: ${deps.join(",")}`);
      }
      if (def.validateSchema) {
        const valid = def.validateSchema(schema[keyword]);
        if (!valid) {
          const msg = `keyword "${keyword}" value is invalid at path "${errSchemaPath}": ` + self.errorsText(def.validateSchema.errors);
          if (opts.validateSchema === "log")
            self.logger.error(msg);
          else
            throw new Error(msg);
        }
      }
    }
    exports2.validateKeywordUsage = validateKeywordUsage;
  }
});

// node_modules/ajv/dist/compile/validate/subschema.js
var require_subschema = __commonJS({
  "node_modules/ajv/dist/compile/validate/subschema.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.extendSubschemaMode = exports2.extendSubschemaData = exports2.getSubschema = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    function getSubschema(it, { keyword, schemaProp, schema, schemaPath, errSchemaPath, topSchemaRef }) {
      if (keyword !== void 0 && schema !== void 0) {
        throw new Error('both "keyword" and "schema" passed, only one allowed');
      }
      if (keyword !== void 0) {
        const sch = it.schema[keyword];
        return schemaProp === void 0 ? {
          schema: sch,
          schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}`,
          errSchemaPath: `${it.errSchemaPath}/${keyword}`
        } : {
          schema: sch[schemaProp],
          schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}${(0, codegen_1.getProperty)(schemaProp)}`,
          errSchemaPath: `${it.errSchemaPath}/${keyword}/${(0, util_1.escapeFragment)(schemaProp)}`
        };
      }
      if (schema !== void 0) {
        if (schemaPath === void 0 || errSchemaPath === void 0 || topSchemaRef === void 0) {
          throw new Error('"schemaPath", "errSchemaPath" and "topSchemaRef" are required with "schema"');
        }
        return {
          schema,
          schemaPath,
          topSchemaRef,
          errSchemaPath
        };
      }
      throw new Error('either "keyword" or "schema" must be passed');
    }
    exports2.getSubschema = getSubschema;
    function extendSubschemaData(subschema, it, { dataProp, dataPropType: dpType, data, dataTypes, propertyName }) {
      if (data !== void 0 && dataProp !== void 0) {
        throw new Error('both "data" and "dataProp" passed, only one allowed');
      }
      const { gen } = it;
      if (dataProp !== void 0) {
        const { errorPath, dataPathArr, opts } = it;
        const nextData = gen.let("data", (0, codegen_1._)`${it.data}${(0, codegen_1.getProperty)(dataProp)}`, true);
        dataContextProps(nextData);
        subschema.errorPath = (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(dataProp, dpType, opts.jsPropertySyntax)}`;
        subschema.parentDataProperty = (0, codegen_1._)`${dataProp}`;
        subschema.dataPathArr = [...dataPathArr, subschema.parentDataProperty];
      }
      if (data !== void 0) {
        const nextData = data instanceof codegen_1.Name ? data : gen.let("data", data, true);
        dataContextProps(nextData);
        if (propertyName !== void 0)
          subschema.propertyName = propertyName;
      }
      if (dataTypes)
        subschema.dataTypes = dataTypes;
      function dataContextProps(_nextData) {
        subschema.data = _nextData;
        subschema.dataLevel = it.dataLevel + 1;
        subschema.dataTypes = [];
        it.definedProperties = /* @__PURE__ */ new Set();
        subschema.parentData = it.data;
        subschema.dataNames = [...it.dataNames, _nextData];
      }
    }
    exports2.extendSubschemaData = extendSubschemaData;
    function extendSubschemaMode(subschema, { jtdDiscriminator, jtdMetadata, compositeRule, createErrors, allErrors }) {
      if (compositeRule !== void 0)
        subschema.compositeRule = compositeRule;
      if (createErrors !== void 0)
        subschema.createErrors = createErrors;
      if (allErrors !== void 0)
        subschema.allErrors = allErrors;
      subschema.jtdDiscriminator = jtdDiscriminator;
      subschema.jtdMetadata = jtdMetadata;
    }
    exports2.extendSubschemaMode = extendSubschemaMode;
  }
});

// node_modules/fast-deep-equal/index.js
var require_fast_deep_equal = __commonJS({
  "node_modules/fast-deep-equal/index.js"(exports2, module2) {
    "use strict";
    module2.exports = function equal(a, b) {
      if (a === b) return true;
      if (a && b && typeof a == "object" && typeof b == "object") {
        if (a.constructor !== b.constructor) return false;
        var length, i, keys;
        if (Array.isArray(a)) {
          length = a.length;
          if (length != b.length) return false;
          for (i = length; i-- !== 0; )
            if (!equal(a[i], b[i])) return false;
          return true;
        }
        if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
        if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
        if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
        keys = Object.keys(a);
        length = keys.length;
        if (length !== Object.keys(b).length) return false;
        for (i = length; i-- !== 0; )
          if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;
        for (i = length; i-- !== 0; ) {
          var key = keys[i];
          if (!equal(a[key], b[key])) return false;
        }
        return true;
      }
      return a !== a && b !== b;
    };
  }
});

// node_modules/json-schema-traverse/index.js
var require_json_schema_traverse = __commonJS({
  "node_modules/json-schema-traverse/index.js"(exports2, module2) {
    "use strict";
    var traverse = module2.exports = function(schema, opts, cb) {
      if (typeof opts == "function") {
        cb = opts;
        opts = {};
      }
      cb = opts.cb || cb;
      var pre = typeof cb == "function" ? cb : cb.pre || function() {
      };
      var post = cb.post || function() {
      };
      _traverse(opts, pre, post, schema, "", schema);
    };
    traverse.keywords = {
      additionalItems: true,
      items: true,
      contains: true,
      additionalProperties: true,
      propertyNames: true,
      not: true,
      if: true,
      then: true,
      else: true
    };
    traverse.arrayKeywords = {
      items: true,
      allOf: true,
      anyOf: true,
      oneOf: true
    };
    traverse.propsKeywords = {
      $defs: true,
      definitions: true,
      properties: true,
      patternProperties: true,
      dependencies: true
    };
    traverse.skipKeywords = {
      default: true,
      enum: true,
      const: true,
      required: true,
      maximum: true,
      minimum: true,
      exclusiveMaximum: true,
      exclusiveMinimum: true,
      multipleOf: true,
      maxLength: true,
      minLength: true,
      pattern: true,
      format: true,
      maxItems: true,
      minItems: true,
      uniqueItems: true,
      maxProperties: true,
      minProperties: true
    };
    function _traverse(opts, pre, post, schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex) {
      if (schema && typeof schema == "object" && !Array.isArray(schema)) {
        pre(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
        for (var key in schema) {
          var sch = schema[key];
          if (Array.isArray(sch)) {
            if (key in traverse.arrayKeywords) {
              for (var i = 0; i < sch.length; i++)
                _traverse(opts, pre, post, sch[i], jsonPtr + "/" + key + "/" + i, rootSchema, jsonPtr, key, schema, i);
            }
          } else if (key in traverse.propsKeywords) {
            if (sch && typeof sch == "object") {
              for (var prop in sch)
                _traverse(opts, pre, post, sch[prop], jsonPtr + "/" + key + "/" + escapeJsonPtr(prop), rootSchema, jsonPtr, key, schema, prop);
            }
          } else if (key in traverse.keywords || opts.allKeys && !(key in traverse.skipKeywords)) {
            _traverse(opts, pre, post, sch, jsonPtr + "/" + key, rootSchema, jsonPtr, key, schema);
          }
        }
        post(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
      }
    }
    function escapeJsonPtr(str) {
      return str.replace(/~/g, "~0").replace(/\//g, "~1");
    }
  }
});

// node_modules/ajv/dist/compile/resolve.js
var require_resolve = __commonJS({
  "node_modules/ajv/dist/compile/resolve.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.getSchemaRefs = exports2.resolveUrl = exports2.normalizeId = exports2._getFullPath = exports2.getFullPath = exports2.inlineRef = void 0;
    var util_1 = require_util();
    var equal = require_fast_deep_equal();
    var traverse = require_json_schema_traverse();
    var SIMPLE_INLINED = /* @__PURE__ */ new Set([
      "type",
      "format",
      "pattern",
      "maxLength",
      "minLength",
      "maxProperties",
      "minProperties",
      "maxItems",
      "minItems",
      "maximum",
      "minimum",
      "uniqueItems",
      "multipleOf",
      "required",
      "enum",
      "const"
    ]);
    function inlineRef(schema, limit = true) {
      if (typeof schema == "boolean")
        return true;
      if (limit === true)
        return !hasRef(schema);
      if (!limit)
        return false;
      return countKeys(schema) <= limit;
    }
    exports2.inlineRef = inlineRef;
    var REF_KEYWORDS = /* @__PURE__ */ new Set([
      "$ref",
      "$recursiveRef",
      "$recursiveAnchor",
      "$dynamicRef",
      "$dynamicAnchor"
    ]);
    function hasRef(schema) {
      for (const key in schema) {
        if (REF_KEYWORDS.has(key))
          return true;
        const sch = schema[key];
        if (Array.isArray(sch) && sch.some(hasRef))
          return true;
        if (typeof sch == "object" && hasRef(sch))
          return true;
      }
      return false;
    }
    function countKeys(schema) {
      let count = 0;
      for (const key in schema) {
        if (key === "$ref")
          return Infinity;
        count++;
        if (SIMPLE_INLINED.has(key))
          continue;
        if (typeof schema[key] == "object") {
          (0, util_1.eachItem)(schema[key], (sch) => count += countKeys(sch));
        }
        if (count === Infinity)
          return Infinity;
      }
      return count;
    }
    function getFullPath(resolver, id = "", normalize) {
      if (normalize !== false)
        id = normalizeId(id);
      const p = resolver.parse(id);
      return _getFullPath(resolver, p);
    }
    exports2.getFullPath = getFullPath;
    function _getFullPath(resolver, p) {
      const serialized = resolver.serialize(p);
      return serialized.split("#")[0] + "#";
    }
    exports2._getFullPath = _getFullPath;
    var TRAILING_SLASH_HASH = /#\/?$/;
    function normalizeId(id) {
      return id ? id.replace(TRAILING_SLASH_HASH, "") : "";
    }
    exports2.normalizeId = normalizeId;
    function resolveUrl(resolver, baseId, id) {
      id = normalizeId(id);
      return resolver.resolve(baseId, id);
    }
    exports2.resolveUrl = resolveUrl;
    var ANCHOR = /^[a-z_][-a-z0-9._]*$/i;
    function getSchemaRefs(schema, baseId) {
      if (typeof schema == "boolean")
        return {};
      const { schemaId, uriResolver } = this.opts;
      const schId = normalizeId(schema[schemaId] || baseId);
      const baseIds = { "": schId };
      const pathPrefix = getFullPath(uriResolver, schId, false);
      const localRefs = {};
      const schemaRefs = /* @__PURE__ */ new Set();
      traverse(schema, { allKeys: true }, (sch, jsonPtr, _, parentJsonPtr) => {
        if (parentJsonPtr === void 0)
          return;
        const fullPath = pathPrefix + jsonPtr;
        let innerBaseId = baseIds[parentJsonPtr];
        if (typeof sch[schemaId] == "string")
          innerBaseId = addRef.call(this, sch[schemaId]);
        addAnchor.call(this, sch.$anchor);
        addAnchor.call(this, sch.$dynamicAnchor);
        baseIds[jsonPtr] = innerBaseId;
        function addRef(ref) {
          const _resolve = this.opts.uriResolver.resolve;
          ref = normalizeId(innerBaseId ? _resolve(innerBaseId, ref) : ref);
          if (schemaRefs.has(ref))
            throw ambiguos(ref);
          schemaRefs.add(ref);
          let schOrRef = this.refs[ref];
          if (typeof schOrRef == "string")
            schOrRef = this.refs[schOrRef];
          if (typeof schOrRef == "object") {
            checkAmbiguosRef(sch, schOrRef.schema, ref);
          } else if (ref !== normalizeId(fullPath)) {
            if (ref[0] === "#") {
              checkAmbiguosRef(sch, localRefs[ref], ref);
              localRefs[ref] = sch;
            } else {
              this.refs[ref] = fullPath;
            }
          }
          return ref;
        }
        function addAnchor(anchor2) {
          if (typeof anchor2 == "string") {
            if (!ANCHOR.test(anchor2))
              throw new Error(`invalid anchor "${anchor2}"`);
            addRef.call(this, `#${anchor2}`);
          }
        }
      });
      return localRefs;
      function checkAmbiguosRef(sch1, sch2, ref) {
        if (sch2 !== void 0 && !equal(sch1, sch2))
          throw ambiguos(ref);
      }
      function ambiguos(ref) {
        return new Error(`reference "${ref}" resolves to more than one schema`);
      }
    }
    exports2.getSchemaRefs = getSchemaRefs;
  }
});

// node_modules/ajv/dist/compile/validate/index.js
var require_validate = __commonJS({
  "node_modules/ajv/dist/compile/validate/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.getData = exports2.KeywordCxt = exports2.validateFunctionCode = void 0;
    var boolSchema_1 = require_boolSchema();
    var dataType_1 = require_dataType();
    var applicability_1 = require_applicability();
    var dataType_2 = require_dataType();
    var defaults_1 = require_defaults();
    var keyword_1 = require_keyword();
    var subschema_1 = require_subschema();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var resolve_1 = require_resolve();
    var util_1 = require_util();
    var errors_1 = require_errors();
    function validateFunctionCode(it) {
      if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
          topSchemaObjCode(it);
          return;
        }
      }
      validateFunction(it, () => (0, boolSchema_1.topBoolOrEmptySchema)(it));
    }
    exports2.validateFunctionCode = validateFunctionCode;
    function validateFunction({ gen, validateName, schema, schemaEnv, opts }, body) {
      if (opts.code.es5) {
        gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${names_1.default.valCxt}`, schemaEnv.$async, () => {
          gen.code((0, codegen_1._)`"use strict"; ${funcSourceUrl(schema, opts)}`);
          destructureValCxtES5(gen, opts);
          gen.code(body);
        });
      } else {
        gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${destructureValCxt(opts)}`, schemaEnv.$async, () => gen.code(funcSourceUrl(schema, opts)).code(body));
      }
    }
    function destructureValCxt(opts) {
      return (0, codegen_1._)`{${names_1.default.instancePath}="", ${names_1.default.parentData}, ${names_1.default.parentDataProperty}, ${names_1.default.rootData}=${names_1.default.data}${opts.dynamicRef ? (0, codegen_1._)`, ${names_1.default.dynamicAnchors}={}` : codegen_1.nil}}={}`;
    }
    function destructureValCxtES5(gen, opts) {
      gen.if(names_1.default.valCxt, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.instancePath}`);
        gen.var(names_1.default.parentData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentData}`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentDataProperty}`);
        gen.var(names_1.default.rootData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.rootData}`);
        if (opts.dynamicRef)
          gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.dynamicAnchors}`);
      }, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._)`""`);
        gen.var(names_1.default.parentData, (0, codegen_1._)`undefined`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`undefined`);
        gen.var(names_1.default.rootData, names_1.default.data);
        if (opts.dynamicRef)
          gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`{}`);
      });
    }
    function topSchemaObjCode(it) {
      const { schema, opts, gen } = it;
      validateFunction(it, () => {
        if (opts.$comment && schema.$comment)
          commentKeyword(it);
        checkNoDefault(it);
        gen.let(names_1.default.vErrors, null);
        gen.let(names_1.default.errors, 0);
        if (opts.unevaluated)
          resetEvaluated(it);
        typeAndKeywords(it);
        returnResults(it);
      });
      return;
    }
    function resetEvaluated(it) {
      const { gen, validateName } = it;
      it.evaluated = gen.const("evaluated", (0, codegen_1._)`${validateName}.evaluated`);
      gen.if((0, codegen_1._)`${it.evaluated}.dynamicProps`, () => gen.assign((0, codegen_1._)`${it.evaluated}.props`, (0, codegen_1._)`undefined`));
      gen.if((0, codegen_1._)`${it.evaluated}.dynamicItems`, () => gen.assign((0, codegen_1._)`${it.evaluated}.items`, (0, codegen_1._)`undefined`));
    }
    function funcSourceUrl(schema, opts) {
      const schId = typeof schema == "object" && schema[opts.schemaId];
      return schId && (opts.code.source || opts.code.process) ? (0, codegen_1._)`/*# sourceURL=${schId} */` : codegen_1.nil;
    }
    function subschemaCode(it, valid) {
      if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
          subSchemaObjCode(it, valid);
          return;
        }
      }
      (0, boolSchema_1.boolOrEmptySchema)(it, valid);
    }
    function schemaCxtHasRules({ schema, self }) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (self.RULES.all[key])
          return true;
      return false;
    }
    function isSchemaObj(it) {
      return typeof it.schema != "boolean";
    }
    function subSchemaObjCode(it, valid) {
      const { schema, gen, opts } = it;
      if (opts.$comment && schema.$comment)
        commentKeyword(it);
      updateContext(it);
      checkAsyncSchema(it);
      const errsCount = gen.const("_errs", names_1.default.errors);
      typeAndKeywords(it, errsCount);
      gen.var(valid, (0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
    }
    function checkKeywords(it) {
      (0, util_1.checkUnknownRules)(it);
      checkRefsAndKeywords(it);
    }
    function typeAndKeywords(it, errsCount) {
      if (it.opts.jtd)
        return schemaKeywords(it, [], false, errsCount);
      const types = (0, dataType_1.getSchemaTypes)(it.schema);
      const checkedTypes = (0, dataType_1.coerceAndCheckDataType)(it, types);
      schemaKeywords(it, types, !checkedTypes, errsCount);
    }
    function checkRefsAndKeywords(it) {
      const { schema, errSchemaPath, opts, self } = it;
      if (schema.$ref && opts.ignoreKeywordsWithRef && (0, util_1.schemaHasRulesButRef)(schema, self.RULES)) {
        self.logger.warn(`$ref: keywords ignored in schema at path "${errSchemaPath}"`);
      }
    }
    function checkNoDefault(it) {
      const { schema, opts } = it;
      if (schema.default !== void 0 && opts.useDefaults && opts.strictSchema) {
        (0, util_1.checkStrictMode)(it, "default is ignored in the schema root");
      }
    }
    function updateContext(it) {
      const schId = it.schema[it.opts.schemaId];
      if (schId)
        it.baseId = (0, resolve_1.resolveUrl)(it.opts.uriResolver, it.baseId, schId);
    }
    function checkAsyncSchema(it) {
      if (it.schema.$async && !it.schemaEnv.$async)
        throw new Error("async schema in sync schema");
    }
    function commentKeyword({ gen, schemaEnv, schema, errSchemaPath, opts }) {
      const msg = schema.$comment;
      if (opts.$comment === true) {
        gen.code((0, codegen_1._)`${names_1.default.self}.logger.log(${msg})`);
      } else if (typeof opts.$comment == "function") {
        const schemaPath = (0, codegen_1.str)`${errSchemaPath}/$comment`;
        const rootName = gen.scopeValue("root", { ref: schemaEnv.root });
        gen.code((0, codegen_1._)`${names_1.default.self}.opts.$comment(${msg}, ${schemaPath}, ${rootName}.schema)`);
      }
    }
    function returnResults(it) {
      const { gen, schemaEnv, validateName, ValidationError, opts } = it;
      if (schemaEnv.$async) {
        gen.if((0, codegen_1._)`${names_1.default.errors} === 0`, () => gen.return(names_1.default.data), () => gen.throw((0, codegen_1._)`new ${ValidationError}(${names_1.default.vErrors})`));
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, names_1.default.vErrors);
        if (opts.unevaluated)
          assignEvaluated(it);
        gen.return((0, codegen_1._)`${names_1.default.errors} === 0`);
      }
    }
    function assignEvaluated({ gen, evaluated, props, items }) {
      if (props instanceof codegen_1.Name)
        gen.assign((0, codegen_1._)`${evaluated}.props`, props);
      if (items instanceof codegen_1.Name)
        gen.assign((0, codegen_1._)`${evaluated}.items`, items);
    }
    function schemaKeywords(it, types, typeErrors, errsCount) {
      const { gen, schema, data, allErrors, opts, self } = it;
      const { RULES } = self;
      if (schema.$ref && (opts.ignoreKeywordsWithRef || !(0, util_1.schemaHasRulesButRef)(schema, RULES))) {
        gen.block(() => keywordCode(it, "$ref", RULES.all.$ref.definition));
        return;
      }
      if (!opts.jtd)
        checkStrictTypes(it, types);
      gen.block(() => {
        for (const group of RULES.rules)
          groupKeywords(group);
        groupKeywords(RULES.post);
      });
      function groupKeywords(group) {
        if (!(0, applicability_1.shouldUseGroup)(schema, group))
          return;
        if (group.type) {
          gen.if((0, dataType_2.checkDataType)(group.type, data, opts.strictNumbers));
          iterateKeywords(it, group);
          if (types.length === 1 && types[0] === group.type && typeErrors) {
            gen.else();
            (0, dataType_2.reportTypeError)(it);
          }
          gen.endIf();
        } else {
          iterateKeywords(it, group);
        }
        if (!allErrors)
          gen.if((0, codegen_1._)`${names_1.default.errors} === ${errsCount || 0}`);
      }
    }
    function iterateKeywords(it, group) {
      const { gen, schema, opts: { useDefaults } } = it;
      if (useDefaults)
        (0, defaults_1.assignDefaults)(it, group.type);
      gen.block(() => {
        for (const rule of group.rules) {
          if ((0, applicability_1.shouldUseRule)(schema, rule)) {
            keywordCode(it, rule.keyword, rule.definition, group.type);
          }
        }
      });
    }
    function checkStrictTypes(it, types) {
      if (it.schemaEnv.meta || !it.opts.strictTypes)
        return;
      checkContextTypes(it, types);
      if (!it.opts.allowUnionTypes)
        checkMultipleTypes(it, types);
      checkKeywordTypes(it, it.dataTypes);
    }
    function checkContextTypes(it, types) {
      if (!types.length)
        return;
      if (!it.dataTypes.length) {
        it.dataTypes = types;
        return;
      }
      types.forEach((t) => {
        if (!includesType(it.dataTypes, t)) {
          strictTypesError(it, `type "${t}" not allowed by context "${it.dataTypes.join(",")}"`);
        }
      });
      narrowSchemaTypes(it, types);
    }
    function checkMultipleTypes(it, ts) {
      if (ts.length > 1 && !(ts.length === 2 && ts.includes("null"))) {
        strictTypesError(it, "use allowUnionTypes to allow union type keyword");
      }
    }
    function checkKeywordTypes(it, ts) {
      const rules = it.self.RULES.all;
      for (const keyword in rules) {
        const rule = rules[keyword];
        if (typeof rule == "object" && (0, applicability_1.shouldUseRule)(it.schema, rule)) {
          const { type } = rule.definition;
          if (type.length && !type.some((t) => hasApplicableType(ts, t))) {
            strictTypesError(it, `missing type "${type.join(",")}" for keyword "${keyword}"`);
          }
        }
      }
    }
    function hasApplicableType(schTs, kwdT) {
      return schTs.includes(kwdT) || kwdT === "number" && schTs.includes("integer");
    }
    function includesType(ts, t) {
      return ts.includes(t) || t === "integer" && ts.includes("number");
    }
    function narrowSchemaTypes(it, withTypes) {
      const ts = [];
      for (const t of it.dataTypes) {
        if (includesType(withTypes, t))
          ts.push(t);
        else if (withTypes.includes("integer") && t === "number")
          ts.push("integer");
      }
      it.dataTypes = ts;
    }
    function strictTypesError(it, msg) {
      const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
      msg += ` at "${schemaPath}" (strictTypes)`;
      (0, util_1.checkStrictMode)(it, msg, it.opts.strictTypes);
    }
    var KeywordCxt = class {
      constructor(it, def, keyword) {
        (0, keyword_1.validateKeywordUsage)(it, def, keyword);
        this.gen = it.gen;
        this.allErrors = it.allErrors;
        this.keyword = keyword;
        this.data = it.data;
        this.schema = it.schema[keyword];
        this.$data = def.$data && it.opts.$data && this.schema && this.schema.$data;
        this.schemaValue = (0, util_1.schemaRefOrVal)(it, this.schema, keyword, this.$data);
        this.schemaType = def.schemaType;
        this.parentSchema = it.schema;
        this.params = {};
        this.it = it;
        this.def = def;
        if (this.$data) {
          this.schemaCode = it.gen.const("vSchema", getData(this.$data, it));
        } else {
          this.schemaCode = this.schemaValue;
          if (!(0, keyword_1.validSchemaType)(this.schema, def.schemaType, def.allowUndefined)) {
            throw new Error(`${keyword} value must be ${JSON.stringify(def.schemaType)}`);
          }
        }
        if ("code" in def ? def.trackErrors : def.errors !== false) {
          this.errsCount = it.gen.const("_errs", names_1.default.errors);
        }
      }
      result(condition, successAction, failAction) {
        this.failResult((0, codegen_1.not)(condition), successAction, failAction);
      }
      failResult(condition, successAction, failAction) {
        this.gen.if(condition);
        if (failAction)
          failAction();
        else
          this.error();
        if (successAction) {
          this.gen.else();
          successAction();
          if (this.allErrors)
            this.gen.endIf();
        } else {
          if (this.allErrors)
            this.gen.endIf();
          else
            this.gen.else();
        }
      }
      pass(condition, failAction) {
        this.failResult((0, codegen_1.not)(condition), void 0, failAction);
      }
      fail(condition) {
        if (condition === void 0) {
          this.error();
          if (!this.allErrors)
            this.gen.if(false);
          return;
        }
        this.gen.if(condition);
        this.error();
        if (this.allErrors)
          this.gen.endIf();
        else
          this.gen.else();
      }
      fail$data(condition) {
        if (!this.$data)
          return this.fail(condition);
        const { schemaCode } = this;
        this.fail((0, codegen_1._)`${schemaCode} !== undefined && (${(0, codegen_1.or)(this.invalid$data(), condition)})`);
      }
      error(append, errorParams, errorPaths) {
        if (errorParams) {
          this.setParams(errorParams);
          this._error(append, errorPaths);
          this.setParams({});
          return;
        }
        this._error(append, errorPaths);
      }
      _error(append, errorPaths) {
        ;
        (append ? errors_1.reportExtraError : errors_1.reportError)(this, this.def.error, errorPaths);
      }
      $dataError() {
        (0, errors_1.reportError)(this, this.def.$dataError || errors_1.keyword$DataError);
      }
      reset() {
        if (this.errsCount === void 0)
          throw new Error('add "trackErrors" to keyword definition');
        (0, errors_1.resetErrorsCount)(this.gen, this.errsCount);
      }
      ok(cond) {
        if (!this.allErrors)
          this.gen.if(cond);
      }
      setParams(obj, assign) {
        if (assign)
          Object.assign(this.params, obj);
        else
          this.params = obj;
      }
      block$data(valid, codeBlock, $dataValid = codegen_1.nil) {
        this.gen.block(() => {
          this.check$data(valid, $dataValid);
          codeBlock();
        });
      }
      check$data(valid = codegen_1.nil, $dataValid = codegen_1.nil) {
        if (!this.$data)
          return;
        const { gen, schemaCode, schemaType, def } = this;
        gen.if((0, codegen_1.or)((0, codegen_1._)`${schemaCode} === undefined`, $dataValid));
        if (valid !== codegen_1.nil)
          gen.assign(valid, true);
        if (schemaType.length || def.validateSchema) {
          gen.elseIf(this.invalid$data());
          this.$dataError();
          if (valid !== codegen_1.nil)
            gen.assign(valid, false);
        }
        gen.else();
      }
      invalid$data() {
        const { gen, schemaCode, schemaType, def, it } = this;
        return (0, codegen_1.or)(wrong$DataType(), invalid$DataSchema());
        function wrong$DataType() {
          if (schemaType.length) {
            if (!(schemaCode instanceof codegen_1.Name))
              throw new Error("ajv implementation error");
            const st = Array.isArray(schemaType) ? schemaType : [schemaType];
            return (0, codegen_1._)`${(0, dataType_2.checkDataTypes)(st, schemaCode, it.opts.strictNumbers, dataType_2.DataType.Wrong)}`;
          }
          return codegen_1.nil;
        }
        function invalid$DataSchema() {
          if (def.validateSchema) {
            const validateSchemaRef = gen.scopeValue("validate$data", { ref: def.validateSchema });
            return (0, codegen_1._)`!${validateSchemaRef}(${schemaCode})`;
          }
          return codegen_1.nil;
        }
      }
      subschema(appl, valid) {
        const subschema = (0, subschema_1.getSubschema)(this.it, appl);
        (0, subschema_1.extendSubschemaData)(subschema, this.it, appl);
        (0, subschema_1.extendSubschemaMode)(subschema, appl);
        const nextContext = { ...this.it, ...subschema, items: void 0, props: void 0 };
        subschemaCode(nextContext, valid);
        return nextContext;
      }
      mergeEvaluated(schemaCxt, toName) {
        const { it, gen } = this;
        if (!it.opts.unevaluated)
          return;
        if (it.props !== true && schemaCxt.props !== void 0) {
          it.props = util_1.mergeEvaluated.props(gen, schemaCxt.props, it.props, toName);
        }
        if (it.items !== true && schemaCxt.items !== void 0) {
          it.items = util_1.mergeEvaluated.items(gen, schemaCxt.items, it.items, toName);
        }
      }
      mergeValidEvaluated(schemaCxt, valid) {
        const { it, gen } = this;
        if (it.opts.unevaluated && (it.props !== true || it.items !== true)) {
          gen.if(valid, () => this.mergeEvaluated(schemaCxt, codegen_1.Name));
          return true;
        }
      }
    };
    exports2.KeywordCxt = KeywordCxt;
    function keywordCode(it, keyword, def, ruleType) {
      const cxt = new KeywordCxt(it, def, keyword);
      if ("code" in def) {
        def.code(cxt, ruleType);
      } else if (cxt.$data && def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
      } else if ("macro" in def) {
        (0, keyword_1.macroKeywordCode)(cxt, def);
      } else if (def.compile || def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
      }
    }
    var JSON_POINTER = /^\/(?:[^~]|~0|~1)*$/;
    var RELATIVE_JSON_POINTER = /^([0-9]+)(#|\/(?:[^~]|~0|~1)*)?$/;
    function getData($data, { dataLevel, dataNames, dataPathArr }) {
      let jsonPointer;
      let data;
      if ($data === "")
        return names_1.default.rootData;
      if ($data[0] === "/") {
        if (!JSON_POINTER.test($data))
          throw new Error(`Invalid JSON-pointer: ${$data}`);
        jsonPointer = $data;
        data = names_1.default.rootData;
      } else {
        const matches = RELATIVE_JSON_POINTER.exec($data);
        if (!matches)
          throw new Error(`Invalid JSON-pointer: ${$data}`);
        const up = +matches[1];
        jsonPointer = matches[2];
        if (jsonPointer === "#") {
          if (up >= dataLevel)
            throw new Error(errorMsg("property/index", up));
          return dataPathArr[dataLevel - up];
        }
        if (up > dataLevel)
          throw new Error(errorMsg("data", up));
        data = dataNames[dataLevel - up];
        if (!jsonPointer)
          return data;
      }
      let expr = data;
      const segments = jsonPointer.split("/");
      for (const segment of segments) {
        if (segment) {
          data = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)((0, util_1.unescapeJsonPointer)(segment))}`;
          expr = (0, codegen_1._)`${expr} && ${data}`;
        }
      }
      return expr;
      function errorMsg(pointerType, up) {
        return `Cannot access ${pointerType} ${up} levels up, current level is ${dataLevel}`;
      }
    }
    exports2.getData = getData;
  }
});

// node_modules/ajv/dist/runtime/validation_error.js
var require_validation_error = __commonJS({
  "node_modules/ajv/dist/runtime/validation_error.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var ValidationError = class extends Error {
      constructor(errors) {
        super("validation failed");
        this.errors = errors;
        this.ajv = this.validation = true;
      }
    };
    exports2.default = ValidationError;
  }
});

// node_modules/ajv/dist/compile/ref_error.js
var require_ref_error = __commonJS({
  "node_modules/ajv/dist/compile/ref_error.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var resolve_1 = require_resolve();
    var MissingRefError = class extends Error {
      constructor(resolver, baseId, ref, msg) {
        super(msg || `can't resolve reference ${ref} from id ${baseId}`);
        this.missingRef = (0, resolve_1.resolveUrl)(resolver, baseId, ref);
        this.missingSchema = (0, resolve_1.normalizeId)((0, resolve_1.getFullPath)(resolver, this.missingRef));
      }
    };
    exports2.default = MissingRefError;
  }
});

// node_modules/ajv/dist/compile/index.js
var require_compile = __commonJS({
  "node_modules/ajv/dist/compile/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.resolveSchema = exports2.getCompilingSchema = exports2.resolveRef = exports2.compileSchema = exports2.SchemaEnv = void 0;
    var codegen_1 = require_codegen();
    var validation_error_1 = require_validation_error();
    var names_1 = require_names();
    var resolve_1 = require_resolve();
    var util_1 = require_util();
    var validate_1 = require_validate();
    var SchemaEnv = class {
      constructor(env) {
        var _a3;
        this.refs = {};
        this.dynamicAnchors = {};
        let schema;
        if (typeof env.schema == "object")
          schema = env.schema;
        this.schema = env.schema;
        this.schemaId = env.schemaId;
        this.root = env.root || this;
        this.baseId = (_a3 = env.baseId) !== null && _a3 !== void 0 ? _a3 : (0, resolve_1.normalizeId)(schema === null || schema === void 0 ? void 0 : schema[env.schemaId || "$id"]);
        this.schemaPath = env.schemaPath;
        this.localRefs = env.localRefs;
        this.meta = env.meta;
        this.$async = schema === null || schema === void 0 ? void 0 : schema.$async;
        this.refs = {};
      }
    };
    exports2.SchemaEnv = SchemaEnv;
    function compileSchema(sch) {
      const _sch = getCompilingSchema.call(this, sch);
      if (_sch)
        return _sch;
      const rootId = (0, resolve_1.getFullPath)(this.opts.uriResolver, sch.root.baseId);
      const { es5, lines } = this.opts.code;
      const { ownProperties } = this.opts;
      const gen = new codegen_1.CodeGen(this.scope, { es5, lines, ownProperties });
      let _ValidationError;
      if (sch.$async) {
        _ValidationError = gen.scopeValue("Error", {
          ref: validation_error_1.default,
          code: (0, codegen_1._)`require("ajv/dist/runtime/validation_error").default`
        });
      }
      const validateName = gen.scopeName("validate");
      sch.validateName = validateName;
      const schemaCxt = {
        gen,
        allErrors: this.opts.allErrors,
        data: names_1.default.data,
        parentData: names_1.default.parentData,
        parentDataProperty: names_1.default.parentDataProperty,
        dataNames: [names_1.default.data],
        dataPathArr: [codegen_1.nil],
        // TODO can its length be used as dataLevel if nil is removed?
        dataLevel: 0,
        dataTypes: [],
        definedProperties: /* @__PURE__ */ new Set(),
        topSchemaRef: gen.scopeValue("schema", this.opts.code.source === true ? { ref: sch.schema, code: (0, codegen_1.stringify)(sch.schema) } : { ref: sch.schema }),
        validateName,
        ValidationError: _ValidationError,
        schema: sch.schema,
        schemaEnv: sch,
        rootId,
        baseId: sch.baseId || rootId,
        schemaPath: codegen_1.nil,
        errSchemaPath: sch.schemaPath || (this.opts.jtd ? "" : "#"),
        errorPath: (0, codegen_1._)`""`,
        opts: this.opts,
        self: this
      };
      let sourceCode;
      try {
        this._compilations.add(sch);
        (0, validate_1.validateFunctionCode)(schemaCxt);
        gen.optimize(this.opts.code.optimize);
        const validateCode = gen.toString();
        sourceCode = `${gen.scopeRefs(names_1.default.scope)}return ${validateCode}`;
        if (this.opts.code.process)
          sourceCode = this.opts.code.process(sourceCode, sch);
        const makeValidate = new Function(`${names_1.default.self}`, `${names_1.default.scope}`, sourceCode);
        const validate3 = makeValidate(this, this.scope.get());
        this.scope.value(validateName, { ref: validate3 });
        validate3.errors = null;
        validate3.schema = sch.schema;
        validate3.schemaEnv = sch;
        if (sch.$async)
          validate3.$async = true;
        if (this.opts.code.source === true) {
          validate3.source = { validateName, validateCode, scopeValues: gen._values };
        }
        if (this.opts.unevaluated) {
          const { props, items } = schemaCxt;
          validate3.evaluated = {
            props: props instanceof codegen_1.Name ? void 0 : props,
            items: items instanceof codegen_1.Name ? void 0 : items,
            dynamicProps: props instanceof codegen_1.Name,
            dynamicItems: items instanceof codegen_1.Name
          };
          if (validate3.source)
            validate3.source.evaluated = (0, codegen_1.stringify)(validate3.evaluated);
        }
        sch.validate = validate3;
        return sch;
      } catch (e) {
        delete sch.validate;
        delete sch.validateName;
        if (sourceCode)
          this.logger.error("Error compiling schema, function code:", sourceCode);
        throw e;
      } finally {
        this._compilations.delete(sch);
      }
    }
    exports2.compileSchema = compileSchema;
    function resolveRef(root, baseId, ref) {
      var _a3;
      ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, ref);
      const schOrFunc = root.refs[ref];
      if (schOrFunc)
        return schOrFunc;
      let _sch = resolve2.call(this, root, ref);
      if (_sch === void 0) {
        const schema = (_a3 = root.localRefs) === null || _a3 === void 0 ? void 0 : _a3[ref];
        const { schemaId } = this.opts;
        if (schema)
          _sch = new SchemaEnv({ schema, schemaId, root, baseId });
      }
      if (_sch === void 0)
        return;
      return root.refs[ref] = inlineOrCompile.call(this, _sch);
    }
    exports2.resolveRef = resolveRef;
    function inlineOrCompile(sch) {
      if ((0, resolve_1.inlineRef)(sch.schema, this.opts.inlineRefs))
        return sch.schema;
      return sch.validate ? sch : compileSchema.call(this, sch);
    }
    function getCompilingSchema(schEnv) {
      for (const sch of this._compilations) {
        if (sameSchemaEnv(sch, schEnv))
          return sch;
      }
    }
    exports2.getCompilingSchema = getCompilingSchema;
    function sameSchemaEnv(s1, s2) {
      return s1.schema === s2.schema && s1.root === s2.root && s1.baseId === s2.baseId;
    }
    function resolve2(root, ref) {
      let sch;
      while (typeof (sch = this.refs[ref]) == "string")
        ref = sch;
      return sch || this.schemas[ref] || resolveSchema.call(this, root, ref);
    }
    function resolveSchema(root, ref) {
      const p = this.opts.uriResolver.parse(ref);
      const refPath = (0, resolve_1._getFullPath)(this.opts.uriResolver, p);
      let baseId = (0, resolve_1.getFullPath)(this.opts.uriResolver, root.baseId, void 0);
      if (Object.keys(root.schema).length > 0 && refPath === baseId) {
        return getJsonPointer.call(this, p, root);
      }
      const id = (0, resolve_1.normalizeId)(refPath);
      const schOrRef = this.refs[id] || this.schemas[id];
      if (typeof schOrRef == "string") {
        const sch = resolveSchema.call(this, root, schOrRef);
        if (typeof (sch === null || sch === void 0 ? void 0 : sch.schema) !== "object")
          return;
        return getJsonPointer.call(this, p, sch);
      }
      if (typeof (schOrRef === null || schOrRef === void 0 ? void 0 : schOrRef.schema) !== "object")
        return;
      if (!schOrRef.validate)
        compileSchema.call(this, schOrRef);
      if (id === (0, resolve_1.normalizeId)(ref)) {
        const { schema } = schOrRef;
        const { schemaId } = this.opts;
        const schId = schema[schemaId];
        if (schId)
          baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        return new SchemaEnv({ schema, schemaId, root, baseId });
      }
      return getJsonPointer.call(this, p, schOrRef);
    }
    exports2.resolveSchema = resolveSchema;
    var PREVENT_SCOPE_CHANGE = /* @__PURE__ */ new Set([
      "properties",
      "patternProperties",
      "enum",
      "dependencies",
      "definitions"
    ]);
    function getJsonPointer(parsedRef, { baseId, schema, root }) {
      var _a3;
      if (((_a3 = parsedRef.fragment) === null || _a3 === void 0 ? void 0 : _a3[0]) !== "/")
        return;
      for (const part of parsedRef.fragment.slice(1).split("/")) {
        if (typeof schema === "boolean")
          return;
        const partSchema = schema[(0, util_1.unescapeFragment)(part)];
        if (partSchema === void 0)
          return;
        schema = partSchema;
        const schId = typeof schema === "object" && schema[this.opts.schemaId];
        if (!PREVENT_SCOPE_CHANGE.has(part) && schId) {
          baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        }
      }
      let env;
      if (typeof schema != "boolean" && schema.$ref && !(0, util_1.schemaHasRulesButRef)(schema, this.RULES)) {
        const $ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schema.$ref);
        env = resolveSchema.call(this, root, $ref);
      }
      const { schemaId } = this.opts;
      env = env || new SchemaEnv({ schema, schemaId, root, baseId });
      if (env.schema !== env.root.schema)
        return env;
      return void 0;
    }
  }
});

// node_modules/ajv/dist/refs/data.json
var require_data = __commonJS({
  "node_modules/ajv/dist/refs/data.json"(exports2, module2) {
    module2.exports = {
      $id: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#",
      description: "Meta-schema for $data reference (JSON AnySchema extension proposal)",
      type: "object",
      required: ["$data"],
      properties: {
        $data: {
          type: "string",
          anyOf: [{ format: "relative-json-pointer" }, { format: "json-pointer" }]
        }
      },
      additionalProperties: false
    };
  }
});

// node_modules/fast-uri/lib/utils.js
var require_utils = __commonJS({
  "node_modules/fast-uri/lib/utils.js"(exports2, module2) {
    "use strict";
    var isUUID = RegExp.prototype.test.bind(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/iu);
    var isIPv4 = RegExp.prototype.test.bind(/^(?:(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)$/u);
    var isPort = RegExp.prototype.test.bind(/^\d*$/u);
    var isHexPair = RegExp.prototype.test.bind(/^[\da-f]{2}$/iu);
    var isUnreserved = RegExp.prototype.test.bind(/^[\da-z\-._~]$/iu);
    var isPathCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/u);
    var isQueryFragmentCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/u);
    var isUserinfoCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:]$/u);
    var BYTE_HEX = new Array(256);
    {
      const HEX_DIGITS = "0123456789ABCDEF";
      for (let i = 0; i < 256; i++) {
        BYTE_HEX[i] = "%" + HEX_DIGITS[i >> 4] + HEX_DIGITS[i & 15];
      }
    }
    function percentEncodeNonAscii(cp) {
      if (cp < 2048) {
        return BYTE_HEX[192 | cp >> 6] + BYTE_HEX[128 | cp & 63];
      }
      if (cp < 65536) {
        return BYTE_HEX[224 | cp >> 12] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
      }
      return BYTE_HEX[240 | cp >> 18] + BYTE_HEX[128 | cp >> 12 & 63] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
    }
    function stringArrayToHexStripped(input) {
      let acc = "";
      let code2 = 0;
      let i = 0;
      for (i = 0; i < input.length; i++) {
        code2 = input[i].charCodeAt(0);
        if (code2 === 48) {
          continue;
        }
        if (!(code2 >= 48 && code2 <= 57 || code2 >= 65 && code2 <= 70 || code2 >= 97 && code2 <= 102)) {
          return "";
        }
        acc += input[i];
        break;
      }
      for (i += 1; i < input.length; i++) {
        code2 = input[i].charCodeAt(0);
        if (!(code2 >= 48 && code2 <= 57 || code2 >= 65 && code2 <= 70 || code2 >= 97 && code2 <= 102)) {
          return "";
        }
        acc += input[i];
      }
      return acc;
    }
    var isHextet = RegExp.prototype.test.bind(/^[\dA-Fa-f]{1,4}$/);
    var isIPvFuture = RegExp.prototype.test.bind(/^[vV][\dA-Fa-f]+\.[A-Za-z\d\-._~!$&'()*+,;=:]+$/);
    var isZoneCharacter = RegExp.prototype.test.bind(/^[A-Za-z\d\-._~]$/);
    var nonSimpleDomain = RegExp.prototype.test.bind(/[^!"$&'()*+,\-.;=_`a-z{}~]/u);
    function isZoneIdentifier(zone) {
      if (zone.length === 0) return false;
      for (let i = 0; i < zone.length; i++) {
        if (isZoneCharacter(zone[i])) continue;
        if (zone[i] === "%" && i + 2 < zone.length && isHexPair(zone.slice(i + 1, i + 3))) {
          i += 2;
          continue;
        }
        return false;
      }
      return true;
    }
    function compressIPv6ZeroRun(hextets) {
      let bestStart = -1;
      let bestLength = 0;
      let runStart = -1;
      let runLength = 0;
      for (let i = 0; i < hextets.length; i++) {
        if (hextets[i] === "0") {
          if (runStart === -1) runStart = i;
          runLength++;
          if (runLength > bestLength) {
            bestLength = runLength;
            bestStart = runStart;
          }
        } else {
          runStart = -1;
          runLength = 0;
        }
      }
      if (bestLength < 2) return hextets.join(":");
      const head = hextets.slice(0, bestStart).join(":");
      const tail = hextets.slice(bestStart + bestLength).join(":");
      return head + "::" + tail;
    }
    function normalizeIPv6Address(input) {
      const compression = input.indexOf("::");
      if (compression !== -1 && input.indexOf("::", compression + 1) !== -1) return void 0;
      const left = compression === -1 ? input.split(":") : input.slice(0, compression).split(":");
      const right = compression === -1 ? [] : input.slice(compression + 2).split(":");
      if (compression !== -1) {
        if (left.length === 1 && left[0] === "") left.length = 0;
        if (right.length === 1 && right[0] === "") right.length = 0;
      }
      const parts = left.concat(right);
      let hextetCount = 0;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part === "") return void 0;
        if (part.indexOf(".") !== -1) {
          if (i !== parts.length - 1 || compression !== -1 && right.length === 0 || !isIPv4(part)) return void 0;
          hextetCount += 2;
          continue;
        }
        if (!isHextet(part)) return void 0;
        parts[i] = parseInt(part, 16).toString(16);
        hextetCount++;
      }
      if (compression === -1) {
        if (hextetCount !== 8) return void 0;
        return compressIPv6ZeroRun(parts);
      }
      if (hextetCount >= 8) return void 0;
      const expanded = parts.slice(0, left.length);
      for (let i = hextetCount; i < 8; i++) expanded.push("0");
      for (let i = left.length; i < parts.length; i++) expanded.push(parts[i]);
      return compressIPv6ZeroRun(expanded);
    }
    function normalizeIPv6(host) {
      const bracketed = host[0] === "[" && host[host.length - 1] === "]";
      const hasBracket = host[0] === "[" || host[host.length - 1] === "]";
      if (hasBracket && !bracketed) return { host, isIPV6: false, error: true };
      let input = bracketed ? host.slice(1, -1) : host;
      if (bracketed && isIPvFuture(input)) {
        input = input.toLowerCase();
        return { host: `[${input}]`, escapedHost: input, isIPV6: false, isIPVFuture: true };
      }
      if (findToken(input, ":") < 2) {
        return { host, isIPV6: false, error: bracketed };
      }
      let zoneIdentifier = "";
      const zoneSeparator = input.indexOf("%");
      if (zoneSeparator !== -1) {
        const separatorLength = input.slice(zoneSeparator, zoneSeparator + 3).toLowerCase() === "%25" ? 3 : 1;
        zoneIdentifier = input.slice(zoneSeparator + separatorLength);
        if (!isZoneIdentifier(zoneIdentifier)) return { host, isIPV6: false, error: true };
        input = input.slice(0, zoneSeparator);
      }
      const address = normalizeIPv6Address(input);
      if (address === void 0) return { host, isIPV6: false, error: true };
      return {
        host: address + (zoneIdentifier ? "%" + zoneIdentifier : ""),
        escapedHost: address + (zoneIdentifier ? "%25" + zoneIdentifier : ""),
        isIPV6: true
      };
    }
    function findToken(str, token) {
      let ind = 0;
      for (let i = 0; i < str.length; i++) {
        if (str[i] === token) ind++;
      }
      return ind;
    }
    function removeDotSegments(path) {
      let input = path;
      const output = [];
      let nextSlash = -1;
      let len = 0;
      while (len = input.length) {
        if (len === 1) {
          if (input === ".") {
            break;
          } else if (input === "/") {
            output.push("/");
            break;
          } else {
            output.push(input);
            break;
          }
        } else if (len === 2) {
          if (input[0] === ".") {
            if (input[1] === ".") {
              break;
            } else if (input[1] === "/") {
              input = input.slice(2);
              continue;
            }
          } else if (input[0] === "/") {
            if (input[1] === "." || input[1] === "/") {
              output.push("/");
              break;
            }
          }
        } else if (len === 3) {
          if (input === "/..") {
            if (output.length !== 0) {
              output.pop();
            }
            output.push("/");
            break;
          }
        }
        if (input[0] === ".") {
          if (input[1] === ".") {
            if (input[2] === "/") {
              input = input.slice(3);
              continue;
            }
          } else if (input[1] === "/") {
            input = input.slice(2);
            continue;
          }
        } else if (input[0] === "/") {
          if (input[1] === ".") {
            if (input[2] === "/") {
              input = input.slice(2);
              continue;
            } else if (input[2] === ".") {
              if (input[3] === "/") {
                input = input.slice(3);
                if (output.length !== 0) {
                  output.pop();
                }
                continue;
              }
            }
          }
        }
        if ((nextSlash = input.indexOf("/", 1)) === -1) {
          output.push(input);
          break;
        } else {
          output.push(input.slice(0, nextSlash));
          input = input.slice(nextSlash);
        }
      }
      return output.join("");
    }
    function removeDotSegmentsRelative(path) {
      if (path === "" || path[0] === "/") {
        return removeDotSegments(path);
      }
      const segments = path.split("/");
      const last = segments.length - 1;
      const output = [];
      let trailingDirectory = false;
      for (let i = 0; i <= last; i++) {
        const segment = segments[i];
        if (segment === "." || segment === "..") {
          if (segment === "..") {
            if (output.length !== 0 && output[output.length - 1] !== "..") {
              output.pop();
            } else {
              output.push("..");
            }
          }
          trailingDirectory = i === last;
        } else {
          output.push(segment);
        }
      }
      if (trailingDirectory && output[output.length - 1] !== "..") {
        output.push("");
      }
      if (output.length === 0 || output[0] === "" || output[0].includes(":")) {
        output.unshift(".");
      }
      return output.join("/");
    }
    var HOST_DELIMS = { "@": "%40", "/": "%2F", "?": "%3F", "#": "%23", ":": "%3A" };
    var HOST_DELIM_RE = /[@/?#:]/g;
    var HOST_DELIM_NO_COLON_RE = /[@/?#]/g;
    function reescapeHostDelimiters(host, isIP) {
      const re = isIP ? HOST_DELIM_NO_COLON_RE : HOST_DELIM_RE;
      re.lastIndex = 0;
      return host.replace(re, (ch) => HOST_DELIMS[ch]);
    }
    function normalizePercentEncoding(input, decodeUnreserved = false) {
      if (input.indexOf("%") === -1) {
        return input;
      }
      let output = "";
      for (let i = 0; i < input.length; i++) {
        if (input[i] === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
            if (decodeUnreserved && isUnreserved(decoded)) {
              output += decoded;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        output += input[i];
      }
      return output;
    }
    function normalizePathEncoding(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
            if (decoded !== "." && isUnreserved(decoded)) {
              output += decoded;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        if (isPathCharacter(ch)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += isEscapeSafe(code2) ? ch : BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function serializePathEncoding(input, pathNoScheme = false) {
      let output = "";
      let firstSegment = pathNoScheme && input[0] !== "/";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        if (ch === "/") {
          firstSegment = false;
        }
        if (isPathCharacter(ch) && (ch !== ":" || !firstSegment)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function encodeComponent(input, isAllowed) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        if (isAllowed(ch)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function encodeUserinfo(input) {
      return encodeComponent(input, isUserinfoCharacter);
    }
    function encodeQuery(input) {
      return encodeComponent(input, isQueryFragmentCharacter);
    }
    function encodeFragment(input) {
      return encodeComponent(input, isQueryFragmentCharacter);
    }
    function isEscapeSafe(cp) {
      return cp >= 48 && cp <= 57 || cp >= 65 && cp <= 90 || cp >= 97 && cp <= 122 || cp === 42 || cp === 43 || cp === 45 || cp === 46 || cp === 47 || cp === 64 || cp === 95;
    }
    function normalizeQueryFragmentEncoding(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
            if (isUnreserved(decoded)) {
              output += decoded;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        if (isQueryFragmentCharacter(ch)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += isEscapeSafe(code2) ? ch : BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function escapePreservingEscapes(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        if (input[i] === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        output += escape(input[i]);
      }
      return output;
    }
    function recomposeAuthority(component) {
      const uriTokens = [];
      if (component.userinfo !== void 0) {
        uriTokens.push(encodeUserinfo(component.userinfo));
        uriTokens.push("@");
      }
      if (component.host !== void 0) {
        let host = component.host;
        if (!isIPv4(host)) {
          let ipV6res = normalizeIPv6(host);
          if (ipV6res.isIPV6 !== true && ipV6res.isIPVFuture !== true) {
            host = normalizePercentEncoding(host, true);
            ipV6res = normalizeIPv6(host);
          }
          if (ipV6res.isIPV6 === true || ipV6res.isIPVFuture === true) {
            host = `[${ipV6res.escapedHost}]`;
          } else {
            host = reescapeHostDelimiters(host, false);
          }
        }
        uriTokens.push(host);
      }
      if (typeof component.port === "number" || typeof component.port === "string") {
        const port = String(component.port);
        if (!isPort(port)) {
          throw new TypeError("URI port is malformed.");
        }
        uriTokens.push(":");
        uriTokens.push(port);
      }
      return uriTokens.length ? uriTokens.join("") : void 0;
    }
    module2.exports = {
      nonSimpleDomain,
      recomposeAuthority,
      reescapeHostDelimiters,
      normalizePercentEncoding,
      normalizePathEncoding,
      serializePathEncoding,
      normalizeQueryFragmentEncoding,
      encodeUserinfo,
      encodeQuery,
      encodeFragment,
      escapePreservingEscapes,
      removeDotSegments,
      removeDotSegmentsRelative,
      isIPv4,
      isUUID,
      normalizeIPv6,
      stringArrayToHexStripped
    };
  }
});

// node_modules/fast-uri/lib/schemes.js
var require_schemes = __commonJS({
  "node_modules/fast-uri/lib/schemes.js"(exports2, module2) {
    "use strict";
    var { isUUID } = require_utils();
    var URN_REG = /^([\da-z][\d\-a-z]{0,31}):((?:[\w!$'()*+,\-./:;=@]|%[\da-f]{2})+)$/iu;
    var supportedSchemeNames = (
      /** @type {const} */
      [
        "http",
        "https",
        "ws",
        "wss",
        "urn",
        "urn:uuid"
      ]
    );
    function isValidSchemeName(name) {
      return supportedSchemeNames.indexOf(
        /** @type {*} */
        name
      ) !== -1;
    }
    function wsIsSecure(wsComponent) {
      if (wsComponent.secure === true) {
        return true;
      } else if (wsComponent.secure === false) {
        return false;
      } else if (wsComponent.scheme) {
        return wsComponent.scheme.length === 3 && (wsComponent.scheme[0] === "w" || wsComponent.scheme[0] === "W") && (wsComponent.scheme[1] === "s" || wsComponent.scheme[1] === "S") && (wsComponent.scheme[2] === "s" || wsComponent.scheme[2] === "S");
      } else {
        return false;
      }
    }
    function httpParse(component) {
      if (!component.host) {
        component.error = component.error || "HTTP URIs must have a host.";
      }
      return component;
    }
    function httpSerialize(component) {
      const secure = String(component.scheme).toLowerCase() === "https";
      if (component.port === (secure ? 443 : 80) || component.port === "") {
        component.port = void 0;
      }
      if (!component.path) {
        component.path = "/";
      }
      return component;
    }
    function wsParse(wsComponent) {
      wsComponent.secure = wsIsSecure(wsComponent);
      wsComponent.resourceName = (wsComponent.path || "/") + (wsComponent.query ? "?" + wsComponent.query : "");
      wsComponent.path = void 0;
      wsComponent.query = void 0;
      return wsComponent;
    }
    function wsSerialize(wsComponent) {
      if (wsComponent.port === (wsIsSecure(wsComponent) ? 443 : 80) || wsComponent.port === "") {
        wsComponent.port = void 0;
      }
      if (typeof wsComponent.secure === "boolean") {
        wsComponent.scheme = wsComponent.secure ? "wss" : "ws";
        wsComponent.secure = void 0;
      }
      if (wsComponent.resourceName) {
        const queryIndex = wsComponent.resourceName.indexOf("?");
        const path = queryIndex === -1 ? wsComponent.resourceName : wsComponent.resourceName.slice(0, queryIndex);
        wsComponent.path = path && path !== "/" ? path : void 0;
        wsComponent.query = queryIndex === -1 ? void 0 : wsComponent.resourceName.slice(queryIndex + 1);
        wsComponent.resourceName = void 0;
      }
      wsComponent.fragment = void 0;
      return wsComponent;
    }
    function urnParse(urnComponent, options) {
      if (!urnComponent.path) {
        urnComponent.error = "URN can not be parsed";
        return urnComponent;
      }
      const matches = urnComponent.path.match(URN_REG);
      if (matches && matches[0] === urnComponent.path) {
        const scheme = options.scheme || urnComponent.scheme || "urn";
        urnComponent.nid = matches[1].toLowerCase();
        urnComponent.nss = matches[2];
        const urnScheme = `${scheme}:${options.nid || urnComponent.nid}`;
        const schemeHandler = getSchemeHandler(urnScheme);
        urnComponent.path = void 0;
        if (schemeHandler) {
          urnComponent = schemeHandler.parse(urnComponent, options);
        }
      } else {
        urnComponent.error = urnComponent.error || "URN can not be parsed.";
      }
      return urnComponent;
    }
    function urnSerialize(urnComponent, options) {
      if (urnComponent.nid === void 0) {
        throw new Error("URN without nid cannot be serialized");
      }
      const scheme = options.scheme || urnComponent.scheme || "urn";
      const nid = urnComponent.nid.toLowerCase();
      const urnScheme = `${scheme}:${options.nid || nid}`;
      const schemeHandler = getSchemeHandler(urnScheme);
      if (schemeHandler) {
        urnComponent = schemeHandler.serialize(urnComponent, options);
      }
      const uriComponent = urnComponent;
      const nss = urnComponent.nss;
      uriComponent.path = `${nid || options.nid}:${nss}`;
      options.skipEscape = true;
      return uriComponent;
    }
    function urnuuidParse(urnComponent, options) {
      const uuidComponent = urnComponent;
      uuidComponent.uuid = uuidComponent.nss;
      uuidComponent.nss = void 0;
      if (!options.tolerant && (!uuidComponent.uuid || !isUUID(uuidComponent.uuid))) {
        uuidComponent.error = uuidComponent.error || "UUID is not valid.";
      }
      return uuidComponent;
    }
    function urnuuidSerialize(uuidComponent) {
      const urnComponent = uuidComponent;
      urnComponent.nss = (uuidComponent.uuid || "").toLowerCase();
      return urnComponent;
    }
    var http = (
      /** @type {SchemeHandler} */
      {
        scheme: "http",
        domainHost: true,
        parse: httpParse,
        serialize: httpSerialize
      }
    );
    var https = (
      /** @type {SchemeHandler} */
      {
        scheme: "https",
        domainHost: http.domainHost,
        parse: httpParse,
        serialize: httpSerialize
      }
    );
    var ws = (
      /** @type {SchemeHandler} */
      {
        scheme: "ws",
        domainHost: true,
        parse: wsParse,
        serialize: wsSerialize
      }
    );
    var wss = (
      /** @type {SchemeHandler} */
      {
        scheme: "wss",
        domainHost: ws.domainHost,
        parse: ws.parse,
        serialize: ws.serialize
      }
    );
    var urn = (
      /** @type {SchemeHandler} */
      {
        scheme: "urn",
        parse: urnParse,
        serialize: urnSerialize,
        skipNormalize: true
      }
    );
    var urnuuid = (
      /** @type {SchemeHandler} */
      {
        scheme: "urn:uuid",
        parse: urnuuidParse,
        serialize: urnuuidSerialize,
        skipNormalize: true
      }
    );
    var SCHEMES = (
      /** @type {Record<SchemeName, SchemeHandler>} */
      {
        http,
        https,
        ws,
        wss,
        urn,
        "urn:uuid": urnuuid
      }
    );
    Object.setPrototypeOf(SCHEMES, null);
    function getSchemeHandler(scheme) {
      return scheme && (SCHEMES[
        /** @type {SchemeName} */
        scheme
      ] || SCHEMES[
        /** @type {SchemeName} */
        scheme.toLowerCase()
      ]) || void 0;
    }
    module2.exports = {
      wsIsSecure,
      SCHEMES,
      isValidSchemeName,
      getSchemeHandler
    };
  }
});

// node_modules/fast-uri/index.js
var require_fast_uri = __commonJS({
  "node_modules/fast-uri/index.js"(exports2, module2) {
    "use strict";
    var { normalizeIPv6, removeDotSegments, removeDotSegmentsRelative, recomposeAuthority, normalizePercentEncoding, normalizePathEncoding, serializePathEncoding, normalizeQueryFragmentEncoding, encodeQuery, encodeFragment, reescapeHostDelimiters, isIPv4, nonSimpleDomain } = require_utils();
    var { SCHEMES, getSchemeHandler } = require_schemes();
    var VALID_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/u;
    var MALFORMED_SCHEME_ERROR = "URI scheme is malformed.";
    var MALFORMED_HOST_ERROR = "URI host is malformed.";
    var FORBIDDEN_DOMAIN_HOST_CHARACTER = /[\0-\x20"#/:<>?@[\\\]^`{|}\x7F]/u;
    function validateScheme(scheme) {
      const stringScheme = String(scheme);
      if (!VALID_SCHEME.test(stringScheme)) {
        throw new TypeError(MALFORMED_SCHEME_ERROR);
      }
      return stringScheme;
    }
    function normalize(uri, options) {
      if (typeof uri === "string") {
        uri = /** @type {T} */
        normalizeString(uri, options);
      } else if (typeof uri === "object") {
        uri = /** @type {T} */
        parse3(serialize(uri, options), options);
      }
      return uri;
    }
    function resolve2(baseURI, relativeURI, options) {
      const schemelessOptions = options ? Object.assign({ scheme: "null" }, options) : { scheme: "null" };
      const {
        parsed: baseParsed,
        malformedAuthorityOrPort: baseMalformed,
        malformedPercentEncoding: baseMalformedPercentEncoding,
        malformedSchemeSpecific: baseMalformedSchemeSpecific,
        malformedHost: baseMalformedHost,
        malformedScheme: baseMalformedScheme
      } = parseWithStatus(baseURI, schemelessOptions);
      const {
        parsed: relativeParsed,
        malformedAuthorityOrPort: relativeMalformed,
        malformedPercentEncoding: relativeMalformedPercentEncoding,
        malformedSchemeSpecific: relativeMalformedSchemeSpecific,
        malformedHost: relativeMalformedHost,
        malformedScheme: relativeMalformedScheme
      } = parseWithStatus(relativeURI, schemelessOptions);
      if (baseMalformed || relativeMalformed || baseMalformedPercentEncoding || relativeMalformedPercentEncoding || baseMalformedSchemeSpecific || relativeMalformedSchemeSpecific || baseMalformedHost || relativeMalformedHost || baseMalformedScheme || relativeMalformedScheme) {
        throw new Error(baseParsed.error || relativeParsed.error || "URI is malformed.");
      }
      const resolved = resolveComponent(baseParsed, relativeParsed, schemelessOptions, true);
      const resolvedSchemeHandler = getSchemeHandler(options && options.scheme || resolved.scheme);
      const resolvedHost = resolved.host;
      const resolvedHostIsIP = resolvedHost !== void 0 && resolvedHost !== "" && (isIPv4(resolvedHost) || normalizeIPv6(resolvedHost).isIPV6);
      if (hasForbiddenDomainHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP)) {
        throw new Error(MALFORMED_HOST_ERROR);
      }
      canonicalizeHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP);
      const encodedASCIIHost = resolvedHost && resolvedHost.indexOf("%") !== -1 && !new RegExp("\\P{ASCII}", "u").test(resolvedHost);
      if (resolved.error && !encodedASCIIHost) {
        throw new Error(resolved.error);
      }
      schemelessOptions.skipEscape = true;
      return serialize(resolved, schemelessOptions);
    }
    function resolveComponent(base, relative, options, skipNormalization) {
      const target = {};
      if (!skipNormalization) {
        base = parse3(serialize(base, options), options);
        relative = parse3(serialize(relative, options), options);
      }
      options = options || {};
      if (!options.tolerant && relative.scheme) {
        target.scheme = relative.scheme;
        target.userinfo = relative.userinfo;
        target.host = relative.host;
        target.port = relative.port;
        target.path = removeDotSegments(relative.path || "");
        target.query = relative.query;
      } else {
        if (relative.userinfo !== void 0 || relative.host !== void 0 || relative.port !== void 0) {
          target.userinfo = relative.userinfo;
          target.host = relative.host;
          target.port = relative.port;
          target.path = removeDotSegments(relative.path || "");
          target.query = relative.query;
        } else {
          if (!relative.path) {
            target.path = base.path;
            if (relative.query !== void 0) {
              target.query = relative.query;
            } else {
              target.query = base.query;
            }
          } else {
            if (relative.path[0] === "/") {
              target.path = removeDotSegments(relative.path);
            } else {
              const baseHasAuthority = base.userinfo !== void 0 || base.host !== void 0 || base.port !== void 0;
              if (baseHasAuthority && !base.path) {
                target.path = "/" + relative.path;
              } else if (!base.path) {
                target.path = relative.path;
              } else {
                target.path = base.path.slice(0, base.path.lastIndexOf("/") + 1) + relative.path;
              }
              target.path = base.scheme === void 0 && !baseHasAuthority && target.path[0] !== "/" ? removeDotSegmentsRelative(target.path) : removeDotSegments(target.path);
            }
            target.query = relative.query;
          }
          target.userinfo = base.userinfo;
          target.host = base.host;
          target.port = base.port;
        }
        target.scheme = base.scheme;
      }
      target.fragment = relative.fragment;
      return target;
    }
    function equal(uriA, uriB, options) {
      const normalizedA = normalizeComparableURI(uriA, options);
      const normalizedB = normalizeComparableURI(uriB, options);
      return normalizedA !== void 0 && normalizedB !== void 0 && normalizedA === normalizedB;
    }
    function serialize(cmpts, opts) {
      const component = {
        host: cmpts.host,
        scheme: cmpts.scheme,
        userinfo: cmpts.userinfo,
        port: cmpts.port,
        path: cmpts.path,
        query: cmpts.query,
        nid: cmpts.nid,
        nss: cmpts.nss,
        uuid: cmpts.uuid,
        fragment: cmpts.fragment,
        reference: cmpts.reference,
        resourceName: cmpts.resourceName,
        secure: cmpts.secure,
        error: ""
      };
      const options = Object.assign({}, opts);
      const uriTokens = [];
      if (component.scheme) {
        component.scheme = validateScheme(component.scheme);
      }
      const schemeHandler = getSchemeHandler(options.scheme || component.scheme);
      if (schemeHandler && schemeHandler.serialize) schemeHandler.serialize(component, options);
      const hasAuthority = component.userinfo !== void 0 || component.host !== void 0 || component.port !== void 0;
      const schemelessReference = (component.scheme === void 0 || options.reference === "suffix") && !hasAuthority;
      const pathNoScheme = !options.skipEscape && schemelessReference;
      if (component.path !== void 0) {
        if (!options.skipEscape) {
          component.path = serializePathEncoding(component.path, pathNoScheme);
        } else {
          component.path = normalizePercentEncoding(component.path);
        }
      }
      if (options.reference !== "suffix" && component.scheme) {
        component.scheme = validateScheme(component.scheme);
        uriTokens.push(component.scheme, ":");
      }
      const authority = recomposeAuthority(component);
      if (authority !== void 0) {
        if (options.reference !== "suffix") {
          uriTokens.push("//");
        }
        uriTokens.push(authority);
        if (component.path && component.path[0] !== "/") {
          uriTokens.push("/");
        }
      }
      if (component.path !== void 0) {
        let s = component.path;
        if (!options.absolutePath && (!schemeHandler || !schemeHandler.absolutePath)) {
          s = schemelessReference && s[0] !== "/" ? removeDotSegmentsRelative(s) : removeDotSegments(s);
        }
        if (schemelessReference) {
          s = serializePathEncoding(s, true);
        }
        if (authority === void 0 && s[0] === "/" && s[1] === "/") {
          s = "/%2F" + s.slice(2);
        }
        uriTokens.push(s);
      }
      if (component.query !== void 0) {
        uriTokens.push("?", encodeQuery(component.query));
      }
      if (component.fragment !== void 0) {
        uriTokens.push("#", encodeFragment(component.fragment));
      }
      return uriTokens.join("");
    }
    var URI_PARSE = /^(?:([^#/:?]+):)?(?:\/\/((?:([^#/?@]*)@)?(\[[^#/?\]]+\]|[^#/:?]*)(?::(\d*))?))?([^#?]*)(?:\?([^#]*))?(?:#((?:.|[\n\r])*))?/u;
    var AUTHORITY_PREFIX = /^(?:[^#/:?]+:)?\/\/([^/?#]*)/;
    var AUTHORITY_INTRODUCER_REGION = /^(?:[^#/:?]+:)?([/\\\t\n\r]*)/;
    function getParseError(parsed, matches) {
      if (matches[2] !== void 0 && parsed.path && parsed.path[0] !== "/") {
        return 'URI path must start with "/" when authority is present.';
      }
      if (typeof parsed.port === "number" && (parsed.port < 0 || parsed.port > 65535)) {
        return "URI port is malformed.";
      }
      return void 0;
    }
    function hasMalformedPercentEncoding(component) {
      if (component === void 0) return false;
      let percent = component.indexOf("%");
      while (percent !== -1) {
        if (percent + 2 >= component.length || !/^[\da-f]{2}$/iu.test(component.slice(percent + 1, percent + 3))) {
          return true;
        }
        percent = component.indexOf("%", percent + 3);
      }
      return false;
    }
    function isIPLiteral(host) {
      return host[0] === "[" && host[host.length - 1] === "]";
    }
    function hasMalformedComponentPercentEncoding(matches) {
      const host = matches[4];
      return hasMalformedPercentEncoding(matches[3]) || host !== void 0 && !isIPLiteral(host) && hasMalformedPercentEncoding(host) || hasMalformedPercentEncoding(matches[6]) || hasMalformedPercentEncoding(matches[7]) || hasMalformedPercentEncoding(matches[8]);
    }
    function canonicalizeHost(parsed, options, schemeHandler, isIP) {
      if (hasForbiddenDomainHost(parsed, options, schemeHandler, isIP)) {
        parsed.error = parsed.error || MALFORMED_HOST_ERROR;
        return true;
      }
      if (!options.unicodeSupport && (!schemeHandler || !schemeHandler.unicodeSupport) && parsed.host && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && isIP === false && nonSimpleDomain(parsed.host)) {
        let url;
        try {
          url = new URL("http://" + parsed.host);
        } catch (e) {
          parsed.error = parsed.error || "Host's domain name can not be converted to ASCII: " + e;
          return true;
        }
        if (!isHostOnlyURL(url)) {
          parsed.error = parsed.error || MALFORMED_HOST_ERROR;
          return true;
        }
        parsed.host = url.hostname;
      }
      return false;
    }
    function hasForbiddenDomainHost(parsed, options, schemeHandler, isIP) {
      return Boolean(
        parsed.host && isIP === false && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && FORBIDDEN_DOMAIN_HOST_CHARACTER.test(parsed.host)
      );
    }
    function isHostOnlyURL(url) {
      return url.username === "" && url.password === "" && url.port === "" && url.pathname === "/" && url.search === "" && url.hash === "" && url.hostname !== "";
    }
    function parseWithStatus(uri, opts) {
      const options = Object.assign({}, opts);
      const parsed = {
        scheme: void 0,
        userinfo: void 0,
        host: "",
        port: void 0,
        path: "",
        query: void 0,
        fragment: void 0
      };
      let malformedAuthorityOrPort = false;
      let malformedPercentEncoding = false;
      let malformedSchemeSpecific = false;
      let malformedHost = false;
      let malformedIPLiteral = false;
      let malformedScheme = false;
      let isIP = false;
      if (options.reference === "suffix") {
        if (options.scheme) {
          uri = options.scheme + ":" + uri;
        } else {
          uri = "//" + uri;
        }
      }
      const authorityMatch = uri.match(AUTHORITY_PREFIX);
      if (authorityMatch !== null && authorityMatch[1].indexOf("\\") !== -1) {
        parsed.error = "URI authority must not contain a literal backslash.";
        malformedAuthorityOrPort = true;
      }
      const introducerMatch = uri.match(AUTHORITY_INTRODUCER_REGION);
      if (introducerMatch !== null) {
        const region = introducerMatch[1];
        const normalizedRegion = region.replace(/[\t\n\r]/g, "");
        if (normalizedRegion.length >= 2) {
          if (normalizedRegion.slice(0, 2) !== "//") {
            parsed.error = parsed.error || "URI authority must not contain a literal backslash.";
            malformedAuthorityOrPort = true;
          } else if (region.length !== normalizedRegion.length) {
            parsed.error = parsed.error || "URI authority introducer must not contain whitespace.";
            malformedAuthorityOrPort = true;
          }
        }
      }
      const matches = uri.match(URI_PARSE);
      if (matches) {
        parsed.scheme = matches[1];
        parsed.userinfo = matches[3];
        parsed.host = matches[4];
        parsed.port = parseInt(matches[5], 10);
        parsed.path = matches[6] || "";
        parsed.query = matches[7];
        parsed.fragment = matches[8];
        if (parsed.scheme !== void 0) {
          if (VALID_SCHEME.test(parsed.scheme)) {
            parsed.scheme = parsed.scheme.toLowerCase();
          } else {
            parsed.error = parsed.error || MALFORMED_SCHEME_ERROR;
            malformedScheme = true;
          }
        }
        malformedPercentEncoding = hasMalformedComponentPercentEncoding(matches);
        if (malformedPercentEncoding) {
          parsed.error = parsed.error || "URI contains malformed percent-encoding.";
        }
        if (isNaN(parsed.port)) {
          parsed.port = matches[5];
        }
        const parseError = getParseError(parsed, matches);
        if (parseError !== void 0) {
          parsed.error = parsed.error || parseError;
          malformedAuthorityOrPort = true;
        }
        if (parsed.host) {
          const ipv4result = isIPv4(parsed.host);
          if (ipv4result === false) {
            const bracketedIPLiteral = isIPLiteral(parsed.host);
            const hasIPLiteralBracket = parsed.host.indexOf("[") !== -1 || parsed.host.indexOf("]") !== -1;
            const ipv6result = normalizeIPv6(parsed.host);
            isIP = ipv6result.isIPV6 || ipv6result.isIPVFuture === true;
            malformedIPLiteral = hasIPLiteralBracket && (!bracketedIPLiteral || ipv6result.error === true);
            parsed.host = isIP ? ipv6result.host : ipv6result.host.toLowerCase();
            if (malformedIPLiteral) {
              parsed.error = parsed.error || MALFORMED_HOST_ERROR;
              malformedAuthorityOrPort = true;
            }
          } else {
            isIP = true;
          }
        }
        if (parsed.scheme === void 0 && parsed.userinfo === void 0 && parsed.host === void 0 && parsed.port === void 0 && parsed.query === void 0 && !parsed.path) {
          parsed.reference = "same-document";
        } else if (parsed.scheme === void 0) {
          parsed.reference = "relative";
        } else if (parsed.fragment === void 0) {
          parsed.reference = "absolute";
        } else {
          parsed.reference = "uri";
        }
        if (options.reference && options.reference !== "suffix" && options.reference !== parsed.reference) {
          parsed.error = parsed.error || "URI is not a " + options.reference + " reference.";
        }
        const schemeHandler = getSchemeHandler(options.scheme || parsed.scheme);
        if (!malformedIPLiteral) {
          malformedHost = canonicalizeHost(parsed, options, schemeHandler, isIP);
        }
        if (uri.indexOf("%") !== -1 && parsed.host !== void 0 && !malformedIPLiteral) {
          let host = isIP ? parsed.host : normalizePercentEncoding(parsed.host, true);
          if (!isIP) {
            host = normalizePercentEncoding(host.toLowerCase());
          }
          parsed.host = isIP || options.scheme !== "null" ? reescapeHostDelimiters(host, isIP) : host;
        }
        if (!schemeHandler || schemeHandler && !schemeHandler.skipNormalize) {
          if (parsed.path) {
            parsed.path = normalizePathEncoding(parsed.path);
          }
          if (parsed.query) {
            parsed.query = normalizeQueryFragmentEncoding(parsed.query);
          }
          if (parsed.fragment) {
            parsed.fragment = normalizeQueryFragmentEncoding(parsed.fragment);
          }
        }
        if (schemeHandler && schemeHandler.parse) {
          schemeHandler.parse(parsed, options);
          if (schemeHandler === SCHEMES.urn && parsed.nid === void 0) {
            malformedSchemeSpecific = true;
          }
        }
      } else {
        parsed.error = parsed.error || "URI can not be parsed.";
      }
      return { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme };
    }
    function parse3(uri, opts) {
      return parseWithStatus(uri, opts).parsed;
    }
    function normalizeString(uri, opts) {
      return normalizeStringWithStatus(uri, opts).normalized;
    }
    function normalizeStringWithStatus(uri, opts) {
      const { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = parseWithStatus(uri, opts);
      return {
        normalized: malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? uri : serialize(parsed, opts),
        malformedAuthorityOrPort,
        malformedPercentEncoding,
        malformedSchemeSpecific,
        malformedHost,
        malformedScheme
      };
    }
    function normalizeComparableURI(uri, opts) {
      if (typeof uri !== "string" && typeof uri !== "object") {
        return void 0;
      }
      let value;
      try {
        value = typeof uri === "string" ? uri : serialize(uri, opts);
      } catch {
        return void 0;
      }
      const { normalized, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = normalizeStringWithStatus(value, opts);
      return malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? void 0 : normalized;
    }
    var fastUri = {
      SCHEMES,
      normalize,
      resolve: resolve2,
      resolveComponent,
      equal,
      serialize,
      parse: parse3
    };
    module2.exports = fastUri;
    module2.exports.default = fastUri;
    module2.exports.fastUri = fastUri;
  }
});

// node_modules/ajv/dist/runtime/uri.js
var require_uri = __commonJS({
  "node_modules/ajv/dist/runtime/uri.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var uri = require_fast_uri();
    uri.code = 'require("ajv/dist/runtime/uri").default';
    exports2.default = uri;
  }
});

// node_modules/ajv/dist/core.js
var require_core = __commonJS({
  "node_modules/ajv/dist/core.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.CodeGen = exports2.Name = exports2.nil = exports2.stringify = exports2.str = exports2._ = exports2.KeywordCxt = void 0;
    var validate_1 = require_validate();
    Object.defineProperty(exports2, "KeywordCxt", { enumerable: true, get: function() {
      return validate_1.KeywordCxt;
    } });
    var codegen_1 = require_codegen();
    Object.defineProperty(exports2, "_", { enumerable: true, get: function() {
      return codegen_1._;
    } });
    Object.defineProperty(exports2, "str", { enumerable: true, get: function() {
      return codegen_1.str;
    } });
    Object.defineProperty(exports2, "stringify", { enumerable: true, get: function() {
      return codegen_1.stringify;
    } });
    Object.defineProperty(exports2, "nil", { enumerable: true, get: function() {
      return codegen_1.nil;
    } });
    Object.defineProperty(exports2, "Name", { enumerable: true, get: function() {
      return codegen_1.Name;
    } });
    Object.defineProperty(exports2, "CodeGen", { enumerable: true, get: function() {
      return codegen_1.CodeGen;
    } });
    var validation_error_1 = require_validation_error();
    var ref_error_1 = require_ref_error();
    var rules_1 = require_rules();
    var compile_1 = require_compile();
    var codegen_2 = require_codegen();
    var resolve_1 = require_resolve();
    var dataType_1 = require_dataType();
    var util_1 = require_util();
    var $dataRefSchema = require_data();
    var uri_1 = require_uri();
    var defaultRegExp = (str, flags) => new RegExp(str, flags);
    defaultRegExp.code = "new RegExp";
    var META_IGNORE_OPTIONS = ["removeAdditional", "useDefaults", "coerceTypes"];
    var EXT_SCOPE_NAMES = /* @__PURE__ */ new Set([
      "validate",
      "serialize",
      "parse",
      "wrapper",
      "root",
      "schema",
      "keyword",
      "pattern",
      "formats",
      "validate$data",
      "func",
      "obj",
      "Error"
    ]);
    var removedOptions = {
      errorDataPath: "",
      format: "`validateFormats: false` can be used instead.",
      nullable: '"nullable" keyword is supported by default.',
      jsonPointers: "Deprecated jsPropertySyntax can be used instead.",
      extendRefs: "Deprecated ignoreKeywordsWithRef can be used instead.",
      missingRefs: "Pass empty schema with $id that should be ignored to ajv.addSchema.",
      processCode: "Use option `code: {process: (code, schemaEnv: object) => string}`",
      sourceCode: "Use option `code: {source: true}`",
      strictDefaults: "It is default now, see option `strict`.",
      strictKeywords: "It is default now, see option `strict`.",
      uniqueItems: '"uniqueItems" keyword is always validated.',
      unknownFormats: "Disable strict mode or pass `true` to `ajv.addFormat` (or `formats` option).",
      cache: "Map is used as cache, schema object as key.",
      serialize: "Map is used as cache, schema object as key.",
      ajvErrors: "It is default now."
    };
    var deprecatedOptions = {
      ignoreKeywordsWithRef: "",
      jsPropertySyntax: "",
      unicode: '"minLength"/"maxLength" account for unicode characters by default.'
    };
    var MAX_EXPRESSION = 200;
    function requiredOptions(o) {
      var _a3, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _0;
      const s = o.strict;
      const _optz = (_a3 = o.code) === null || _a3 === void 0 ? void 0 : _a3.optimize;
      const optimize = _optz === true || _optz === void 0 ? 1 : _optz || 0;
      const regExp = (_c = (_b = o.code) === null || _b === void 0 ? void 0 : _b.regExp) !== null && _c !== void 0 ? _c : defaultRegExp;
      const uriResolver = (_d = o.uriResolver) !== null && _d !== void 0 ? _d : uri_1.default;
      return {
        strictSchema: (_f = (_e = o.strictSchema) !== null && _e !== void 0 ? _e : s) !== null && _f !== void 0 ? _f : true,
        strictNumbers: (_h = (_g = o.strictNumbers) !== null && _g !== void 0 ? _g : s) !== null && _h !== void 0 ? _h : true,
        strictTypes: (_k = (_j = o.strictTypes) !== null && _j !== void 0 ? _j : s) !== null && _k !== void 0 ? _k : "log",
        strictTuples: (_m = (_l = o.strictTuples) !== null && _l !== void 0 ? _l : s) !== null && _m !== void 0 ? _m : "log",
        strictRequired: (_p = (_o = o.strictRequired) !== null && _o !== void 0 ? _o : s) !== null && _p !== void 0 ? _p : false,
        code: o.code ? { ...o.code, optimize, regExp } : { optimize, regExp },
        loopRequired: (_q = o.loopRequired) !== null && _q !== void 0 ? _q : MAX_EXPRESSION,
        loopEnum: (_r = o.loopEnum) !== null && _r !== void 0 ? _r : MAX_EXPRESSION,
        meta: (_s = o.meta) !== null && _s !== void 0 ? _s : true,
        messages: (_t = o.messages) !== null && _t !== void 0 ? _t : true,
        inlineRefs: (_u = o.inlineRefs) !== null && _u !== void 0 ? _u : true,
        schemaId: (_v = o.schemaId) !== null && _v !== void 0 ? _v : "$id",
        addUsedSchema: (_w = o.addUsedSchema) !== null && _w !== void 0 ? _w : true,
        validateSchema: (_x = o.validateSchema) !== null && _x !== void 0 ? _x : true,
        validateFormats: (_y = o.validateFormats) !== null && _y !== void 0 ? _y : true,
        unicodeRegExp: (_z = o.unicodeRegExp) !== null && _z !== void 0 ? _z : true,
        int32range: (_0 = o.int32range) !== null && _0 !== void 0 ? _0 : true,
        uriResolver
      };
    }
    var Ajv2 = class {
      constructor(opts = {}) {
        this.schemas = {};
        this.refs = {};
        this.formats = /* @__PURE__ */ Object.create(null);
        this._compilations = /* @__PURE__ */ new Set();
        this._loading = {};
        this._cache = /* @__PURE__ */ new Map();
        opts = this.opts = { ...opts, ...requiredOptions(opts) };
        const { es5, lines } = this.opts.code;
        this.scope = new codegen_2.ValueScope({ scope: {}, prefixes: EXT_SCOPE_NAMES, es5, lines });
        this.logger = getLogger(opts.logger);
        const formatOpt = opts.validateFormats;
        opts.validateFormats = false;
        this.RULES = (0, rules_1.getRules)();
        checkOptions.call(this, removedOptions, opts, "NOT SUPPORTED");
        checkOptions.call(this, deprecatedOptions, opts, "DEPRECATED", "warn");
        this._metaOpts = getMetaSchemaOptions.call(this);
        if (opts.formats)
          addInitialFormats.call(this);
        this._addVocabularies();
        this._addDefaultMetaSchema();
        if (opts.keywords)
          addInitialKeywords.call(this, opts.keywords);
        if (typeof opts.meta == "object")
          this.addMetaSchema(opts.meta);
        addInitialSchemas.call(this);
        opts.validateFormats = formatOpt;
      }
      _addVocabularies() {
        this.addKeyword("$async");
      }
      _addDefaultMetaSchema() {
        const { $data, meta: meta2, schemaId } = this.opts;
        let _dataRefSchema = $dataRefSchema;
        if (schemaId === "id") {
          _dataRefSchema = { ...$dataRefSchema };
          _dataRefSchema.id = _dataRefSchema.$id;
          delete _dataRefSchema.$id;
        }
        if (meta2 && $data)
          this.addMetaSchema(_dataRefSchema, _dataRefSchema[schemaId], false);
      }
      defaultMeta() {
        const { meta: meta2, schemaId } = this.opts;
        return this.opts.defaultMeta = typeof meta2 == "object" ? meta2[schemaId] || meta2 : void 0;
      }
      validate(schemaKeyRef, data) {
        let v;
        if (typeof schemaKeyRef == "string") {
          v = this.getSchema(schemaKeyRef);
          if (!v)
            throw new Error(`no schema with key or ref "${schemaKeyRef}"`);
        } else {
          v = this.compile(schemaKeyRef);
        }
        const valid = v(data);
        if (!("$async" in v))
          this.errors = v.errors;
        return valid;
      }
      compile(schema, _meta) {
        const sch = this._addSchema(schema, _meta);
        return sch.validate || this._compileSchemaEnv(sch);
      }
      compileAsync(schema, meta2) {
        if (typeof this.opts.loadSchema != "function") {
          throw new Error("options.loadSchema should be a function");
        }
        const { loadSchema } = this.opts;
        return runCompileAsync.call(this, schema, meta2);
        async function runCompileAsync(_schema, _meta) {
          await loadMetaSchema.call(this, _schema.$schema);
          const sch = this._addSchema(_schema, _meta);
          return sch.validate || _compileAsync.call(this, sch);
        }
        async function loadMetaSchema($ref) {
          if ($ref && !this.getSchema($ref)) {
            await runCompileAsync.call(this, { $ref }, true);
          }
        }
        async function _compileAsync(sch) {
          try {
            return this._compileSchemaEnv(sch);
          } catch (e) {
            if (!(e instanceof ref_error_1.default))
              throw e;
            checkLoaded.call(this, e);
            await loadMissingSchema.call(this, e.missingSchema);
            return _compileAsync.call(this, sch);
          }
        }
        function checkLoaded({ missingSchema: ref, missingRef }) {
          if (this.refs[ref]) {
            throw new Error(`AnySchema ${ref} is loaded but ${missingRef} cannot be resolved`);
          }
        }
        async function loadMissingSchema(ref) {
          const _schema = await _loadSchema.call(this, ref);
          if (!this.refs[ref])
            await loadMetaSchema.call(this, _schema.$schema);
          if (!this.refs[ref])
            this.addSchema(_schema, ref, meta2);
        }
        async function _loadSchema(ref) {
          const p = this._loading[ref];
          if (p)
            return p;
          try {
            return await (this._loading[ref] = loadSchema(ref));
          } finally {
            delete this._loading[ref];
          }
        }
      }
      // Adds schema to the instance
      addSchema(schema, key, _meta, _validateSchema = this.opts.validateSchema) {
        if (Array.isArray(schema)) {
          for (const sch of schema)
            this.addSchema(sch, void 0, _meta, _validateSchema);
          return this;
        }
        let id;
        if (typeof schema === "object") {
          const { schemaId } = this.opts;
          id = schema[schemaId];
          if (id !== void 0 && typeof id != "string") {
            throw new Error(`schema ${schemaId} must be string`);
          }
        }
        key = (0, resolve_1.normalizeId)(key || id);
        this._checkUnique(key);
        this.schemas[key] = this._addSchema(schema, _meta, key, _validateSchema, true);
        return this;
      }
      // Add schema that will be used to validate other schemas
      // options in META_IGNORE_OPTIONS are alway set to false
      addMetaSchema(schema, key, _validateSchema = this.opts.validateSchema) {
        this.addSchema(schema, key, true, _validateSchema);
        return this;
      }
      //  Validate schema against its meta-schema
      validateSchema(schema, throwOrLogError) {
        if (typeof schema == "boolean")
          return true;
        let $schema;
        $schema = schema.$schema;
        if ($schema !== void 0 && typeof $schema != "string") {
          throw new Error("$schema must be a string");
        }
        $schema = $schema || this.opts.defaultMeta || this.defaultMeta();
        if (!$schema) {
          this.logger.warn("meta-schema not available");
          this.errors = null;
          return true;
        }
        const valid = this.validate($schema, schema);
        if (!valid && throwOrLogError) {
          const message = "schema is invalid: " + this.errorsText();
          if (this.opts.validateSchema === "log")
            this.logger.error(message);
          else
            throw new Error(message);
        }
        return valid;
      }
      // Get compiled schema by `key` or `ref`.
      // (`key` that was passed to `addSchema` or full schema reference - `schema.$id` or resolved id)
      getSchema(keyRef) {
        let sch;
        while (typeof (sch = getSchEnv.call(this, keyRef)) == "string")
          keyRef = sch;
        if (sch === void 0) {
          const { schemaId } = this.opts;
          const root = new compile_1.SchemaEnv({ schema: {}, schemaId });
          sch = compile_1.resolveSchema.call(this, root, keyRef);
          if (!sch)
            return;
          this.refs[keyRef] = sch;
        }
        return sch.validate || this._compileSchemaEnv(sch);
      }
      // Remove cached schema(s).
      // If no parameter is passed all schemas but meta-schemas are removed.
      // If RegExp is passed all schemas with key/id matching pattern but meta-schemas are removed.
      // Even if schema is referenced by other schemas it still can be removed as other schemas have local references.
      removeSchema(schemaKeyRef) {
        if (schemaKeyRef instanceof RegExp) {
          this._removeAllSchemas(this.schemas, schemaKeyRef);
          this._removeAllSchemas(this.refs, schemaKeyRef);
          return this;
        }
        switch (typeof schemaKeyRef) {
          case "undefined":
            this._removeAllSchemas(this.schemas);
            this._removeAllSchemas(this.refs);
            this._cache.clear();
            return this;
          case "string": {
            const sch = getSchEnv.call(this, schemaKeyRef);
            if (typeof sch == "object")
              this._cache.delete(sch.schema);
            delete this.schemas[schemaKeyRef];
            delete this.refs[schemaKeyRef];
            return this;
          }
          case "object": {
            const cacheKey = schemaKeyRef;
            this._cache.delete(cacheKey);
            let id = schemaKeyRef[this.opts.schemaId];
            if (id) {
              id = (0, resolve_1.normalizeId)(id);
              delete this.schemas[id];
              delete this.refs[id];
            }
            return this;
          }
          default:
            throw new Error("ajv.removeSchema: invalid parameter");
        }
      }
      // add "vocabulary" - a collection of keywords
      addVocabulary(definitions) {
        for (const def of definitions)
          this.addKeyword(def);
        return this;
      }
      addKeyword(kwdOrDef, def) {
        let keyword;
        if (typeof kwdOrDef == "string") {
          keyword = kwdOrDef;
          if (typeof def == "object") {
            this.logger.warn("these parameters are deprecated, see docs for addKeyword");
            def.keyword = keyword;
          }
        } else if (typeof kwdOrDef == "object" && def === void 0) {
          def = kwdOrDef;
          keyword = def.keyword;
          if (Array.isArray(keyword) && !keyword.length) {
            throw new Error("addKeywords: keyword must be string or non-empty array");
          }
        } else {
          throw new Error("invalid addKeywords parameters");
        }
        checkKeyword.call(this, keyword, def);
        if (!def) {
          (0, util_1.eachItem)(keyword, (kwd) => addRule.call(this, kwd));
          return this;
        }
        keywordMetaschema.call(this, def);
        const definition = {
          ...def,
          type: (0, dataType_1.getJSONTypes)(def.type),
          schemaType: (0, dataType_1.getJSONTypes)(def.schemaType)
        };
        (0, util_1.eachItem)(keyword, definition.type.length === 0 ? (k) => addRule.call(this, k, definition) : (k) => definition.type.forEach((t) => addRule.call(this, k, definition, t)));
        return this;
      }
      getKeyword(keyword) {
        const rule = this.RULES.all[keyword];
        return typeof rule == "object" ? rule.definition : !!rule;
      }
      // Remove keyword
      removeKeyword(keyword) {
        const { RULES } = this;
        delete RULES.keywords[keyword];
        delete RULES.all[keyword];
        for (const group of RULES.rules) {
          const i = group.rules.findIndex((rule) => rule.keyword === keyword);
          if (i >= 0)
            group.rules.splice(i, 1);
        }
        return this;
      }
      // Add format
      addFormat(name, format) {
        if (typeof format == "string")
          format = new RegExp(format);
        this.formats[name] = format;
        return this;
      }
      errorsText(errors = this.errors, { separator = ", ", dataVar = "data" } = {}) {
        if (!errors || errors.length === 0)
          return "No errors";
        return errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).reduce((text2, msg) => text2 + separator + msg);
      }
      $dataMetaSchema(metaSchema, keywordsJsonPointers) {
        const rules = this.RULES.all;
        metaSchema = JSON.parse(JSON.stringify(metaSchema));
        for (const jsonPointer of keywordsJsonPointers) {
          const segments = jsonPointer.split("/").slice(1);
          let keywords = metaSchema;
          for (const seg of segments)
            keywords = keywords[seg];
          for (const key in rules) {
            const rule = rules[key];
            if (typeof rule != "object")
              continue;
            const { $data } = rule.definition;
            const schema = keywords[key];
            if ($data && schema)
              keywords[key] = schemaOrData(schema);
          }
        }
        return metaSchema;
      }
      _removeAllSchemas(schemas, regex2) {
        for (const keyRef in schemas) {
          const sch = schemas[keyRef];
          if (!regex2 || regex2.test(keyRef)) {
            if (typeof sch == "string") {
              delete schemas[keyRef];
            } else if (sch && !sch.meta) {
              this._cache.delete(sch.schema);
              delete schemas[keyRef];
            }
          }
        }
      }
      _addSchema(schema, meta2, baseId, validateSchema = this.opts.validateSchema, addSchema = this.opts.addUsedSchema) {
        let id;
        const { schemaId } = this.opts;
        if (typeof schema == "object") {
          id = schema[schemaId];
        } else {
          if (this.opts.jtd)
            throw new Error("schema must be object");
          else if (typeof schema != "boolean")
            throw new Error("schema must be object or boolean");
        }
        let sch = this._cache.get(schema);
        if (sch !== void 0)
          return sch;
        baseId = (0, resolve_1.normalizeId)(id || baseId);
        const localRefs = resolve_1.getSchemaRefs.call(this, schema, baseId);
        sch = new compile_1.SchemaEnv({ schema, schemaId, meta: meta2, baseId, localRefs });
        this._cache.set(sch.schema, sch);
        if (addSchema && !baseId.startsWith("#")) {
          if (baseId)
            this._checkUnique(baseId);
          this.refs[baseId] = sch;
        }
        if (validateSchema)
          this.validateSchema(schema, true);
        return sch;
      }
      _checkUnique(id) {
        if (this.schemas[id] || this.refs[id]) {
          throw new Error(`schema with key or id "${id}" already exists`);
        }
      }
      _compileSchemaEnv(sch) {
        if (sch.meta)
          this._compileMetaSchema(sch);
        else
          compile_1.compileSchema.call(this, sch);
        if (!sch.validate)
          throw new Error("ajv implementation error");
        return sch.validate;
      }
      _compileMetaSchema(sch) {
        const currentOpts = this.opts;
        this.opts = this._metaOpts;
        try {
          compile_1.compileSchema.call(this, sch);
        } finally {
          this.opts = currentOpts;
        }
      }
    };
    Ajv2.ValidationError = validation_error_1.default;
    Ajv2.MissingRefError = ref_error_1.default;
    exports2.default = Ajv2;
    function checkOptions(checkOpts, options, msg, log = "error") {
      for (const key in checkOpts) {
        const opt = key;
        if (opt in options)
          this.logger[log](`${msg}: option ${key}. ${checkOpts[opt]}`);
      }
    }
    function getSchEnv(keyRef) {
      keyRef = (0, resolve_1.normalizeId)(keyRef);
      return this.schemas[keyRef] || this.refs[keyRef];
    }
    function addInitialSchemas() {
      const optsSchemas = this.opts.schemas;
      if (!optsSchemas)
        return;
      if (Array.isArray(optsSchemas))
        this.addSchema(optsSchemas);
      else
        for (const key in optsSchemas)
          this.addSchema(optsSchemas[key], key);
    }
    function addInitialFormats() {
      for (const name in this.opts.formats) {
        const format = this.opts.formats[name];
        if (format)
          this.addFormat(name, format);
      }
    }
    function addInitialKeywords(defs) {
      if (Array.isArray(defs)) {
        this.addVocabulary(defs);
        return;
      }
      this.logger.warn("keywords option as map is deprecated, pass array");
      for (const keyword in defs) {
        const def = defs[keyword];
        if (!def.keyword)
          def.keyword = keyword;
        this.addKeyword(def);
      }
    }
    function getMetaSchemaOptions() {
      const metaOpts = { ...this.opts };
      for (const opt of META_IGNORE_OPTIONS)
        delete metaOpts[opt];
      return metaOpts;
    }
    var noLogs = { log() {
    }, warn() {
    }, error() {
    } };
    function getLogger(logger) {
      if (logger === false)
        return noLogs;
      if (logger === void 0)
        return console;
      if (logger.log && logger.warn && logger.error)
        return logger;
      throw new Error("logger must implement log, warn and error methods");
    }
    var KEYWORD_NAME = /^[a-z_$][a-z0-9_$:-]*$/i;
    function checkKeyword(keyword, def) {
      const { RULES } = this;
      (0, util_1.eachItem)(keyword, (kwd) => {
        if (RULES.keywords[kwd])
          throw new Error(`Keyword ${kwd} is already defined`);
        if (!KEYWORD_NAME.test(kwd))
          throw new Error(`Keyword ${kwd} has invalid name`);
      });
      if (!def)
        return;
      if (def.$data && !("code" in def || "validate" in def)) {
        throw new Error('$data keyword must have "code" or "validate" function');
      }
    }
    function addRule(keyword, definition, dataType) {
      var _a3;
      const post = definition === null || definition === void 0 ? void 0 : definition.post;
      if (dataType && post)
        throw new Error('keyword with "post" flag cannot have "type"');
      const { RULES } = this;
      let ruleGroup = post ? RULES.post : RULES.rules.find(({ type: t }) => t === dataType);
      if (!ruleGroup) {
        ruleGroup = { type: dataType, rules: [] };
        RULES.rules.push(ruleGroup);
      }
      RULES.keywords[keyword] = true;
      if (!definition)
        return;
      const rule = {
        keyword,
        definition: {
          ...definition,
          type: (0, dataType_1.getJSONTypes)(definition.type),
          schemaType: (0, dataType_1.getJSONTypes)(definition.schemaType)
        }
      };
      if (definition.before)
        addBeforeRule.call(this, ruleGroup, rule, definition.before);
      else
        ruleGroup.rules.push(rule);
      RULES.all[keyword] = rule;
      (_a3 = definition.implements) === null || _a3 === void 0 ? void 0 : _a3.forEach((kwd) => this.addKeyword(kwd));
    }
    function addBeforeRule(ruleGroup, rule, before) {
      const i = ruleGroup.rules.findIndex((_rule) => _rule.keyword === before);
      if (i >= 0) {
        ruleGroup.rules.splice(i, 0, rule);
      } else {
        ruleGroup.rules.push(rule);
        this.logger.warn(`rule ${before} is not defined`);
      }
    }
    function keywordMetaschema(def) {
      let { metaSchema } = def;
      if (metaSchema === void 0)
        return;
      if (def.$data && this.opts.$data)
        metaSchema = schemaOrData(metaSchema);
      def.validateSchema = this.compile(metaSchema, true);
    }
    var $dataRef = {
      $ref: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#"
    };
    function schemaOrData(schema) {
      return { anyOf: [schema, $dataRef] };
    }
  }
});

// node_modules/ajv/dist/vocabularies/core/id.js
var require_id = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/id.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var def = {
      keyword: "id",
      code() {
        throw new Error('NOT SUPPORTED: keyword "id", use "$id" for schema ID');
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/core/ref.js
var require_ref = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/ref.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.callRef = exports2.getValidate = void 0;
    var ref_error_1 = require_ref_error();
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var compile_1 = require_compile();
    var util_1 = require_util();
    var def = {
      keyword: "$ref",
      schemaType: "string",
      code(cxt) {
        const { gen, schema: $ref, it } = cxt;
        const { baseId, schemaEnv: env, validateName, opts, self } = it;
        const { root } = env;
        if (($ref === "#" || $ref === "#/") && baseId === root.baseId)
          return callRootRef();
        const schOrEnv = compile_1.resolveRef.call(self, root, baseId, $ref);
        if (schOrEnv === void 0)
          throw new ref_error_1.default(it.opts.uriResolver, baseId, $ref);
        if (schOrEnv instanceof compile_1.SchemaEnv)
          return callValidate(schOrEnv);
        return inlineRefSchema(schOrEnv);
        function callRootRef() {
          if (env === root)
            return callRef(cxt, validateName, env, env.$async);
          const rootName = gen.scopeValue("root", { ref: root });
          return callRef(cxt, (0, codegen_1._)`${rootName}.validate`, root, root.$async);
        }
        function callValidate(sch) {
          const v = getValidate(cxt, sch);
          callRef(cxt, v, sch, sch.$async);
        }
        function inlineRefSchema(sch) {
          const schName = gen.scopeValue("schema", opts.code.source === true ? { ref: sch, code: (0, codegen_1.stringify)(sch) } : { ref: sch });
          const valid = gen.name("valid");
          const schCxt = cxt.subschema({
            schema: sch,
            dataTypes: [],
            schemaPath: codegen_1.nil,
            topSchemaRef: schName,
            errSchemaPath: $ref
          }, valid);
          cxt.mergeEvaluated(schCxt);
          cxt.ok(valid);
        }
      }
    };
    function getValidate(cxt, sch) {
      const { gen } = cxt;
      return sch.validate ? gen.scopeValue("validate", { ref: sch.validate }) : (0, codegen_1._)`${gen.scopeValue("wrapper", { ref: sch })}.validate`;
    }
    exports2.getValidate = getValidate;
    function callRef(cxt, v, sch, $async) {
      const { gen, it } = cxt;
      const { allErrors, schemaEnv: env, opts } = it;
      const passCxt = opts.passContext ? names_1.default.this : codegen_1.nil;
      if ($async)
        callAsyncRef();
      else
        callSyncRef();
      function callAsyncRef() {
        if (!env.$async)
          throw new Error("async schema referenced by sync schema");
        const valid = gen.let("valid");
        gen.try(() => {
          gen.code((0, codegen_1._)`await ${(0, code_1.callValidateCode)(cxt, v, passCxt)}`);
          addEvaluatedFrom(v);
          if (!allErrors)
            gen.assign(valid, true);
        }, (e) => {
          gen.if((0, codegen_1._)`!(${e} instanceof ${it.ValidationError})`, () => gen.throw(e));
          addErrorsFrom(e);
          if (!allErrors)
            gen.assign(valid, false);
        });
        cxt.ok(valid);
      }
      function callSyncRef() {
        cxt.result((0, code_1.callValidateCode)(cxt, v, passCxt), () => addEvaluatedFrom(v), () => addErrorsFrom(v));
      }
      function addErrorsFrom(source) {
        const errs = (0, codegen_1._)`${source}.errors`;
        gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`);
        gen.assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
      }
      function addEvaluatedFrom(source) {
        var _a3;
        if (!it.opts.unevaluated)
          return;
        const schEvaluated = (_a3 = sch === null || sch === void 0 ? void 0 : sch.validate) === null || _a3 === void 0 ? void 0 : _a3.evaluated;
        if (it.props !== true) {
          if (schEvaluated && !schEvaluated.dynamicProps) {
            if (schEvaluated.props !== void 0) {
              it.props = util_1.mergeEvaluated.props(gen, schEvaluated.props, it.props);
            }
          } else {
            const props = gen.var("props", (0, codegen_1._)`${source}.evaluated.props`);
            it.props = util_1.mergeEvaluated.props(gen, props, it.props, codegen_1.Name);
          }
        }
        if (it.items !== true) {
          if (schEvaluated && !schEvaluated.dynamicItems) {
            if (schEvaluated.items !== void 0) {
              it.items = util_1.mergeEvaluated.items(gen, schEvaluated.items, it.items);
            }
          } else {
            const items = gen.var("items", (0, codegen_1._)`${source}.evaluated.items`);
            it.items = util_1.mergeEvaluated.items(gen, items, it.items, codegen_1.Name);
          }
        }
      }
    }
    exports2.callRef = callRef;
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/core/index.js
var require_core2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var id_1 = require_id();
    var ref_1 = require_ref();
    var core = [
      "$schema",
      "$id",
      "$defs",
      "$vocabulary",
      { keyword: "$comment" },
      "definitions",
      id_1.default,
      ref_1.default
    ];
    exports2.default = core;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitNumber.js
var require_limitNumber = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitNumber.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var ops = codegen_1.operators;
    var KWDs = {
      maximum: { okStr: "<=", ok: ops.LTE, fail: ops.GT },
      minimum: { okStr: ">=", ok: ops.GTE, fail: ops.LT },
      exclusiveMaximum: { okStr: "<", ok: ops.LT, fail: ops.GTE },
      exclusiveMinimum: { okStr: ">", ok: ops.GT, fail: ops.LTE }
    };
    var error2 = {
      message: ({ keyword, schemaCode }) => (0, codegen_1.str)`must be ${KWDs[keyword].okStr} ${schemaCode}`,
      params: ({ keyword, schemaCode }) => (0, codegen_1._)`{comparison: ${KWDs[keyword].okStr}, limit: ${schemaCode}}`
    };
    var def = {
      keyword: Object.keys(KWDs),
      type: "number",
      schemaType: "number",
      $data: true,
      error: error2,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        cxt.fail$data((0, codegen_1._)`${data} ${KWDs[keyword].fail} ${schemaCode} || isNaN(${data})`);
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/multipleOf.js
var require_multipleOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/multipleOf.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error2 = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must be multiple of ${schemaCode}`,
      params: ({ schemaCode }) => (0, codegen_1._)`{multipleOf: ${schemaCode}}`
    };
    var def = {
      keyword: "multipleOf",
      type: "number",
      schemaType: "number",
      $data: true,
      error: error2,
      code(cxt) {
        const { gen, data, schemaCode, it } = cxt;
        const prec = it.opts.multipleOfPrecision;
        const res = gen.let("res");
        const invalid = prec ? (0, codegen_1._)`Math.abs(Math.round(${res}) - ${res}) > 1e-${prec}` : (0, codegen_1._)`${res} !== parseInt(${res})`;
        cxt.fail$data((0, codegen_1._)`(${schemaCode} === 0 || (${res} = ${data}/${schemaCode}, ${invalid}))`);
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    function ucs2length(str) {
      const len = str.length;
      let length = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length;
    }
    exports2.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitLength.js
var require_limitLength = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitLength.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var ucs2length_1 = require_ucs2length();
    var error2 = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxLength" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} characters`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxLength", "minLength"],
      type: "string",
      schemaType: "number",
      $data: true,
      error: error2,
      code(cxt) {
        const { keyword, data, schemaCode, it } = cxt;
        const op = keyword === "maxLength" ? codegen_1.operators.GT : codegen_1.operators.LT;
        const len = it.opts.unicode === false ? (0, codegen_1._)`${data}.length` : (0, codegen_1._)`${(0, util_1.useFunc)(cxt.gen, ucs2length_1.default)}(${data})`;
        cxt.fail$data((0, codegen_1._)`${len} ${op} ${schemaCode}`);
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/pattern.js
var require_pattern = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/pattern.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var code_1 = require_code2();
    var util_1 = require_util();
    var codegen_1 = require_codegen();
    var error2 = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must match pattern "${schemaCode}"`,
      params: ({ schemaCode }) => (0, codegen_1._)`{pattern: ${schemaCode}}`
    };
    var def = {
      keyword: "pattern",
      type: "string",
      schemaType: "string",
      $data: true,
      error: error2,
      code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const u = it.opts.unicodeRegExp ? "u" : "";
        if ($data) {
          const { regExp } = it.opts.code;
          const regExpCode = regExp.code === "new RegExp" ? (0, codegen_1._)`new RegExp` : (0, util_1.useFunc)(gen, regExp);
          const valid = gen.let("valid");
          gen.try(() => gen.assign(valid, (0, codegen_1._)`${regExpCode}(${schemaCode}, ${u}).test(${data})`), () => gen.assign(valid, false));
          cxt.fail$data((0, codegen_1._)`!${valid}`);
        } else {
          const regExp = (0, code_1.usePattern)(cxt, schema);
          cxt.fail$data((0, codegen_1._)`!${regExp}.test(${data})`);
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitProperties.js
var require_limitProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitProperties.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error2 = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxProperties" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} properties`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxProperties", "minProperties"],
      type: "object",
      schemaType: "number",
      $data: true,
      error: error2,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxProperties" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._)`Object.keys(${data}).length ${op} ${schemaCode}`);
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/required.js
var require_required = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/required.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error2 = {
      message: ({ params: { missingProperty } }) => (0, codegen_1.str)`must have required property '${missingProperty}'`,
      params: ({ params: { missingProperty } }) => (0, codegen_1._)`{missingProperty: ${missingProperty}}`
    };
    var def = {
      keyword: "required",
      type: "object",
      schemaType: "array",
      $data: true,
      error: error2,
      code(cxt) {
        const { gen, schema, schemaCode, data, $data, it } = cxt;
        const { opts } = it;
        if (!$data && schema.length === 0)
          return;
        const useLoop = schema.length >= opts.loopRequired;
        if (it.allErrors)
          allErrorsMode();
        else
          exitOnErrorMode();
        if (opts.strictRequired) {
          const props = cxt.parentSchema.properties;
          const { definedProperties } = cxt.it;
          for (const requiredKey of schema) {
            if ((props === null || props === void 0 ? void 0 : props[requiredKey]) === void 0 && !definedProperties.has(requiredKey)) {
              const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
              const msg = `required property "${requiredKey}" is not defined at "${schemaPath}" (strictRequired)`;
              (0, util_1.checkStrictMode)(it, msg, it.opts.strictRequired);
            }
          }
        }
        function allErrorsMode() {
          if (useLoop || $data) {
            cxt.block$data(codegen_1.nil, loopAllRequired);
          } else {
            for (const prop of schema) {
              (0, code_1.checkReportMissingProp)(cxt, prop);
            }
          }
        }
        function exitOnErrorMode() {
          const missing = gen.let("missing");
          if (useLoop || $data) {
            const valid = gen.let("valid", true);
            cxt.block$data(valid, () => loopUntilMissing(missing, valid));
            cxt.ok(valid);
          } else {
            gen.if((0, code_1.checkMissingProp)(cxt, schema, missing));
            (0, code_1.reportMissingProp)(cxt, missing);
            gen.else();
          }
        }
        function loopAllRequired() {
          gen.forOf("prop", schemaCode, (prop) => {
            cxt.setParams({ missingProperty: prop });
            gen.if((0, code_1.noPropertyInData)(gen, data, prop, opts.ownProperties), () => cxt.error());
          });
        }
        function loopUntilMissing(missing, valid) {
          cxt.setParams({ missingProperty: missing });
          gen.forOf(missing, schemaCode, () => {
            gen.assign(valid, (0, code_1.propertyInData)(gen, data, missing, opts.ownProperties));
            gen.if((0, codegen_1.not)(valid), () => {
              cxt.error();
              gen.break();
            });
          }, codegen_1.nil);
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitItems.js
var require_limitItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitItems.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error2 = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxItems" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} items`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxItems", "minItems"],
      type: "array",
      schemaType: "number",
      $data: true,
      error: error2,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxItems" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._)`${data}.length ${op} ${schemaCode}`);
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/runtime/equal.js
var require_equal = __commonJS({
  "node_modules/ajv/dist/runtime/equal.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var equal = require_fast_deep_equal();
    equal.code = 'require("ajv/dist/runtime/equal").default';
    exports2.default = equal;
  }
});

// node_modules/ajv/dist/vocabularies/validation/uniqueItems.js
var require_uniqueItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/uniqueItems.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var dataType_1 = require_dataType();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error2 = {
      message: ({ params: { i, j } }) => (0, codegen_1.str)`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      params: ({ params: { i, j } }) => (0, codegen_1._)`{i: ${i}, j: ${j}}`
    };
    var def = {
      keyword: "uniqueItems",
      type: "array",
      schemaType: "boolean",
      $data: true,
      error: error2,
      code(cxt) {
        const { gen, data, $data, schema, parentSchema, schemaCode, it } = cxt;
        if (!$data && !schema)
          return;
        const valid = gen.let("valid");
        const itemTypes = parentSchema.items ? (0, dataType_1.getSchemaTypes)(parentSchema.items) : [];
        cxt.block$data(valid, validateUniqueItems, (0, codegen_1._)`${schemaCode} === false`);
        cxt.ok(valid);
        function validateUniqueItems() {
          const i = gen.let("i", (0, codegen_1._)`${data}.length`);
          const j = gen.let("j");
          cxt.setParams({ i, j });
          gen.assign(valid, true);
          gen.if((0, codegen_1._)`${i} > 1`, () => (canOptimize() ? loopN : loopN2)(i, j));
        }
        function canOptimize() {
          return itemTypes.length > 0 && !itemTypes.some((t) => t === "object" || t === "array");
        }
        function loopN(i, j) {
          const item = gen.name("item");
          const wrongType = (0, dataType_1.checkDataTypes)(itemTypes, item, it.opts.strictNumbers, dataType_1.DataType.Wrong);
          const indices = gen.const("indices", (0, codegen_1._)`{}`);
          gen.for((0, codegen_1._)`;${i}--;`, () => {
            gen.let(item, (0, codegen_1._)`${data}[${i}]`);
            gen.if(wrongType, (0, codegen_1._)`continue`);
            if (itemTypes.length > 1)
              gen.if((0, codegen_1._)`typeof ${item} == "string"`, (0, codegen_1._)`${item} += "_"`);
            gen.if((0, codegen_1._)`typeof ${indices}[${item}] == "number"`, () => {
              gen.assign(j, (0, codegen_1._)`${indices}[${item}]`);
              cxt.error();
              gen.assign(valid, false).break();
            }).code((0, codegen_1._)`${indices}[${item}] = ${i}`);
          });
        }
        function loopN2(i, j) {
          const eql = (0, util_1.useFunc)(gen, equal_1.default);
          const outer = gen.name("outer");
          gen.label(outer).for((0, codegen_1._)`;${i}--;`, () => gen.for((0, codegen_1._)`${j} = ${i}; ${j}--;`, () => gen.if((0, codegen_1._)`${eql}(${data}[${i}], ${data}[${j}])`, () => {
            cxt.error();
            gen.assign(valid, false).break(outer);
          })));
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/const.js
var require_const = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/const.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error2 = {
      message: "must be equal to constant",
      params: ({ schemaCode }) => (0, codegen_1._)`{allowedValue: ${schemaCode}}`
    };
    var def = {
      keyword: "const",
      $data: true,
      error: error2,
      code(cxt) {
        const { gen, data, $data, schemaCode, schema } = cxt;
        if ($data || schema && typeof schema == "object") {
          cxt.fail$data((0, codegen_1._)`!${(0, util_1.useFunc)(gen, equal_1.default)}(${data}, ${schemaCode})`);
        } else {
          cxt.fail((0, codegen_1._)`${schema} !== ${data}`);
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/enum.js
var require_enum = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/enum.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error2 = {
      message: "must be equal to one of the allowed values",
      params: ({ schemaCode }) => (0, codegen_1._)`{allowedValues: ${schemaCode}}`
    };
    var def = {
      keyword: "enum",
      schemaType: "array",
      $data: true,
      error: error2,
      code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        if (!$data && schema.length === 0)
          throw new Error("enum must have non-empty array");
        const useLoop = schema.length >= it.opts.loopEnum;
        let eql;
        const getEql = () => eql !== null && eql !== void 0 ? eql : eql = (0, util_1.useFunc)(gen, equal_1.default);
        let valid;
        if (useLoop || $data) {
          valid = gen.let("valid");
          cxt.block$data(valid, loopEnum);
        } else {
          if (!Array.isArray(schema))
            throw new Error("ajv implementation error");
          const vSchema = gen.const("vSchema", schemaCode);
          valid = (0, codegen_1.or)(...schema.map((_x, i) => equalCode(vSchema, i)));
        }
        cxt.pass(valid);
        function loopEnum() {
          gen.assign(valid, false);
          gen.forOf("v", schemaCode, (v) => gen.if((0, codegen_1._)`${getEql()}(${data}, ${v})`, () => gen.assign(valid, true).break()));
        }
        function equalCode(vSchema, i) {
          const sch = schema[i];
          return typeof sch === "object" && sch !== null ? (0, codegen_1._)`${getEql()}(${data}, ${vSchema}[${i}])` : (0, codegen_1._)`${data} === ${sch}`;
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/index.js
var require_validation = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var limitNumber_1 = require_limitNumber();
    var multipleOf_1 = require_multipleOf();
    var limitLength_1 = require_limitLength();
    var pattern_1 = require_pattern();
    var limitProperties_1 = require_limitProperties();
    var required_1 = require_required();
    var limitItems_1 = require_limitItems();
    var uniqueItems_1 = require_uniqueItems();
    var const_1 = require_const();
    var enum_1 = require_enum();
    var validation = [
      // number
      limitNumber_1.default,
      multipleOf_1.default,
      // string
      limitLength_1.default,
      pattern_1.default,
      // object
      limitProperties_1.default,
      required_1.default,
      // array
      limitItems_1.default,
      uniqueItems_1.default,
      // any
      { keyword: "type", schemaType: ["string", "array"] },
      { keyword: "nullable", schemaType: "boolean" },
      const_1.default,
      enum_1.default
    ];
    exports2.default = validation;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/additionalItems.js
var require_additionalItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/additionalItems.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.validateAdditionalItems = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error2 = {
      message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
      params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
    };
    var def = {
      keyword: "additionalItems",
      type: "array",
      schemaType: ["boolean", "object"],
      before: "uniqueItems",
      error: error2,
      code(cxt) {
        const { parentSchema, it } = cxt;
        const { items } = parentSchema;
        if (!Array.isArray(items)) {
          (0, util_1.checkStrictMode)(it, '"additionalItems" is ignored when "items" is not an array of schemas');
          return;
        }
        validateAdditionalItems(cxt, items);
      }
    };
    function validateAdditionalItems(cxt, items) {
      const { gen, schema, data, keyword, it } = cxt;
      it.items = true;
      const len = gen.const("len", (0, codegen_1._)`${data}.length`);
      if (schema === false) {
        cxt.setParams({ len: items.length });
        cxt.pass((0, codegen_1._)`${len} <= ${items.length}`);
      } else if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
        const valid = gen.var("valid", (0, codegen_1._)`${len} <= ${items.length}`);
        gen.if((0, codegen_1.not)(valid), () => validateItems(valid));
        cxt.ok(valid);
      }
      function validateItems(valid) {
        gen.forRange("i", items.length, len, (i) => {
          cxt.subschema({ keyword, dataProp: i, dataPropType: util_1.Type.Num }, valid);
          if (!it.allErrors)
            gen.if((0, codegen_1.not)(valid), () => gen.break());
        });
      }
    }
    exports2.validateAdditionalItems = validateAdditionalItems;
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/items.js
var require_items = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/items.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.validateTuple = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    var def = {
      keyword: "items",
      type: "array",
      schemaType: ["object", "array", "boolean"],
      before: "uniqueItems",
      code(cxt) {
        const { schema, it } = cxt;
        if (Array.isArray(schema))
          return validateTuple(cxt, "additionalItems", schema);
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        cxt.ok((0, code_1.validateArray)(cxt));
      }
    };
    function validateTuple(cxt, extraItems, schArr = cxt.schema) {
      const { gen, parentSchema, data, keyword, it } = cxt;
      checkStrictTuple(parentSchema);
      if (it.opts.unevaluated && schArr.length && it.items !== true) {
        it.items = util_1.mergeEvaluated.items(gen, schArr.length, it.items);
      }
      const valid = gen.name("valid");
      const len = gen.const("len", (0, codegen_1._)`${data}.length`);
      schArr.forEach((sch, i) => {
        if ((0, util_1.alwaysValidSchema)(it, sch))
          return;
        gen.if((0, codegen_1._)`${len} > ${i}`, () => cxt.subschema({
          keyword,
          schemaProp: i,
          dataProp: i
        }, valid));
        cxt.ok(valid);
      });
      function checkStrictTuple(sch) {
        const { opts, errSchemaPath } = it;
        const l = schArr.length;
        const fullTuple = l === sch.minItems && (l === sch.maxItems || sch[extraItems] === false);
        if (opts.strictTuples && !fullTuple) {
          const msg = `"${keyword}" is ${l}-tuple, but minItems or maxItems/${extraItems} are not specified or different at path "${errSchemaPath}"`;
          (0, util_1.checkStrictMode)(it, msg, opts.strictTuples);
        }
      }
    }
    exports2.validateTuple = validateTuple;
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/prefixItems.js
var require_prefixItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/prefixItems.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var items_1 = require_items();
    var def = {
      keyword: "prefixItems",
      type: "array",
      schemaType: ["array"],
      before: "uniqueItems",
      code: (cxt) => (0, items_1.validateTuple)(cxt, "items")
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/items2020.js
var require_items2020 = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/items2020.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    var additionalItems_1 = require_additionalItems();
    var error2 = {
      message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
      params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
    };
    var def = {
      keyword: "items",
      type: "array",
      schemaType: ["object", "boolean"],
      before: "uniqueItems",
      error: error2,
      code(cxt) {
        const { schema, parentSchema, it } = cxt;
        const { prefixItems } = parentSchema;
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        if (prefixItems)
          (0, additionalItems_1.validateAdditionalItems)(cxt, prefixItems);
        else
          cxt.ok((0, code_1.validateArray)(cxt));
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/contains.js
var require_contains = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/contains.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error2 = {
      message: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1.str)`must contain at least ${min} valid item(s)` : (0, codegen_1.str)`must contain at least ${min} and no more than ${max} valid item(s)`,
      params: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1._)`{minContains: ${min}}` : (0, codegen_1._)`{minContains: ${min}, maxContains: ${max}}`
    };
    var def = {
      keyword: "contains",
      type: "array",
      schemaType: ["object", "boolean"],
      before: "uniqueItems",
      trackErrors: true,
      error: error2,
      code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        let min;
        let max;
        const { minContains, maxContains } = parentSchema;
        if (it.opts.next) {
          min = minContains === void 0 ? 1 : minContains;
          max = maxContains;
        } else {
          min = 1;
        }
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        cxt.setParams({ min, max });
        if (max === void 0 && min === 0) {
          (0, util_1.checkStrictMode)(it, `"minContains" == 0 without "maxContains": "contains" keyword ignored`);
          return;
        }
        if (max !== void 0 && min > max) {
          (0, util_1.checkStrictMode)(it, `"minContains" > "maxContains" is always invalid`);
          cxt.fail();
          return;
        }
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
          let cond = (0, codegen_1._)`${len} >= ${min}`;
          if (max !== void 0)
            cond = (0, codegen_1._)`${cond} && ${len} <= ${max}`;
          cxt.pass(cond);
          return;
        }
        it.items = true;
        const valid = gen.name("valid");
        if (max === void 0 && min === 1) {
          validateItems(valid, () => gen.if(valid, () => gen.break()));
        } else if (min === 0) {
          gen.let(valid, true);
          if (max !== void 0)
            gen.if((0, codegen_1._)`${data}.length > 0`, validateItemsWithCount);
        } else {
          gen.let(valid, false);
          validateItemsWithCount();
        }
        cxt.result(valid, () => cxt.reset());
        function validateItemsWithCount() {
          const schValid = gen.name("_valid");
          const count = gen.let("count", 0);
          validateItems(schValid, () => gen.if(schValid, () => checkLimits(count)));
        }
        function validateItems(_valid, block) {
          gen.forRange("i", 0, len, (i) => {
            cxt.subschema({
              keyword: "contains",
              dataProp: i,
              dataPropType: util_1.Type.Num,
              compositeRule: true
            }, _valid);
            block();
          });
        }
        function checkLimits(count) {
          gen.code((0, codegen_1._)`${count}++`);
          if (max === void 0) {
            gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true).break());
          } else {
            gen.if((0, codegen_1._)`${count} > ${max}`, () => gen.assign(valid, false).break());
            if (min === 1)
              gen.assign(valid, true);
            else
              gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true));
          }
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/dependencies.js
var require_dependencies = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/dependencies.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.validateSchemaDeps = exports2.validatePropertyDeps = exports2.error = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    exports2.error = {
      message: ({ params: { property, depsCount, deps } }) => {
        const property_ies = depsCount === 1 ? "property" : "properties";
        return (0, codegen_1.str)`must have ${property_ies} ${deps} when property ${property} is present`;
      },
      params: ({ params: { property, depsCount, deps, missingProperty } }) => (0, codegen_1._)`{property: ${property},
    missingProperty: ${missingProperty},
    depsCount: ${depsCount},
    deps: ${deps}}`
      // TODO change to reference
    };
    var def = {
      keyword: "dependencies",
      type: "object",
      schemaType: "object",
      error: exports2.error,
      code(cxt) {
        const [propDeps, schDeps] = splitDependencies(cxt);
        validatePropertyDeps(cxt, propDeps);
        validateSchemaDeps(cxt, schDeps);
      }
    };
    function splitDependencies({ schema }) {
      const propertyDeps = {};
      const schemaDeps = {};
      for (const key in schema) {
        if (key === "__proto__")
          continue;
        const deps = Array.isArray(schema[key]) ? propertyDeps : schemaDeps;
        deps[key] = schema[key];
      }
      return [propertyDeps, schemaDeps];
    }
    function validatePropertyDeps(cxt, propertyDeps = cxt.schema) {
      const { gen, data, it } = cxt;
      if (Object.keys(propertyDeps).length === 0)
        return;
      const missing = gen.let("missing");
      for (const prop in propertyDeps) {
        const deps = propertyDeps[prop];
        if (deps.length === 0)
          continue;
        const hasProperty = (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties);
        cxt.setParams({
          property: prop,
          depsCount: deps.length,
          deps: deps.join(", ")
        });
        if (it.allErrors) {
          gen.if(hasProperty, () => {
            for (const depProp of deps) {
              (0, code_1.checkReportMissingProp)(cxt, depProp);
            }
          });
        } else {
          gen.if((0, codegen_1._)`${hasProperty} && (${(0, code_1.checkMissingProp)(cxt, deps, missing)})`);
          (0, code_1.reportMissingProp)(cxt, missing);
          gen.else();
        }
      }
    }
    exports2.validatePropertyDeps = validatePropertyDeps;
    function validateSchemaDeps(cxt, schemaDeps = cxt.schema) {
      const { gen, data, keyword, it } = cxt;
      const valid = gen.name("valid");
      for (const prop in schemaDeps) {
        if ((0, util_1.alwaysValidSchema)(it, schemaDeps[prop]))
          continue;
        gen.if(
          (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties),
          () => {
            const schCxt = cxt.subschema({ keyword, schemaProp: prop }, valid);
            cxt.mergeValidEvaluated(schCxt, valid);
          },
          () => gen.var(valid, true)
          // TODO var
        );
        cxt.ok(valid);
      }
    }
    exports2.validateSchemaDeps = validateSchemaDeps;
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/propertyNames.js
var require_propertyNames = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/propertyNames.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error2 = {
      message: "property name must be valid",
      params: ({ params }) => (0, codegen_1._)`{propertyName: ${params.propertyName}}`
    };
    var def = {
      keyword: "propertyNames",
      type: "object",
      schemaType: ["object", "boolean"],
      error: error2,
      code(cxt) {
        const { gen, schema, data, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        const valid = gen.name("valid");
        gen.forIn("key", data, (key) => {
          cxt.setParams({ propertyName: key });
          cxt.subschema({
            keyword: "propertyNames",
            data: key,
            dataTypes: ["string"],
            propertyName: key,
            compositeRule: true
          }, valid);
          gen.if((0, codegen_1.not)(valid), () => {
            cxt.error(true);
            if (!it.allErrors)
              gen.break();
          });
        });
        cxt.ok(valid);
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/additionalProperties.js
var require_additionalProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/additionalProperties.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var util_1 = require_util();
    var error2 = {
      message: "must NOT have additional properties",
      params: ({ params }) => (0, codegen_1._)`{additionalProperty: ${params.additionalProperty}}`
    };
    var def = {
      keyword: "additionalProperties",
      type: ["object"],
      schemaType: ["boolean", "object"],
      allowUndefined: true,
      trackErrors: true,
      error: error2,
      code(cxt) {
        const { gen, schema, parentSchema, data, errsCount, it } = cxt;
        if (!errsCount)
          throw new Error("ajv implementation error");
        const { allErrors, opts } = it;
        it.props = true;
        if (opts.removeAdditional !== "all" && (0, util_1.alwaysValidSchema)(it, schema))
          return;
        const props = (0, code_1.allSchemaProperties)(parentSchema.properties);
        const patProps = (0, code_1.allSchemaProperties)(parentSchema.patternProperties);
        checkAdditionalProperties();
        cxt.ok((0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
        function checkAdditionalProperties() {
          gen.forIn("key", data, (key) => {
            if (!props.length && !patProps.length)
              additionalPropertyCode(key);
            else
              gen.if(isAdditional(key), () => additionalPropertyCode(key));
          });
        }
        function isAdditional(key) {
          let definedProp;
          if (props.length > 8) {
            const propsSchema = (0, util_1.schemaRefOrVal)(it, parentSchema.properties, "properties");
            definedProp = (0, code_1.isOwnProperty)(gen, propsSchema, key);
          } else if (props.length) {
            definedProp = (0, codegen_1.or)(...props.map((p) => (0, codegen_1._)`${key} === ${p}`));
          } else {
            definedProp = codegen_1.nil;
          }
          if (patProps.length) {
            definedProp = (0, codegen_1.or)(definedProp, ...patProps.map((p) => (0, codegen_1._)`${(0, code_1.usePattern)(cxt, p)}.test(${key})`));
          }
          return (0, codegen_1.not)(definedProp);
        }
        function deleteAdditional(key) {
          gen.code((0, codegen_1._)`delete ${data}[${key}]`);
        }
        function additionalPropertyCode(key) {
          if (opts.removeAdditional === "all" || opts.removeAdditional && schema === false) {
            deleteAdditional(key);
            return;
          }
          if (schema === false) {
            cxt.setParams({ additionalProperty: key });
            cxt.error();
            if (!allErrors)
              gen.break();
            return;
          }
          if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
            const valid = gen.name("valid");
            if (opts.removeAdditional === "failing") {
              applyAdditionalSchema(key, valid, false);
              gen.if((0, codegen_1.not)(valid), () => {
                cxt.reset();
                deleteAdditional(key);
              });
            } else {
              applyAdditionalSchema(key, valid);
              if (!allErrors)
                gen.if((0, codegen_1.not)(valid), () => gen.break());
            }
          }
        }
        function applyAdditionalSchema(key, valid, errors) {
          const subschema = {
            keyword: "additionalProperties",
            dataProp: key,
            dataPropType: util_1.Type.Str
          };
          if (errors === false) {
            Object.assign(subschema, {
              compositeRule: true,
              createErrors: false,
              allErrors: false
            });
          }
          cxt.subschema(subschema, valid);
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/properties.js
var require_properties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/properties.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var validate_1 = require_validate();
    var code_1 = require_code2();
    var util_1 = require_util();
    var additionalProperties_1 = require_additionalProperties();
    var def = {
      keyword: "properties",
      type: "object",
      schemaType: "object",
      code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        if (it.opts.removeAdditional === "all" && parentSchema.additionalProperties === void 0) {
          additionalProperties_1.default.code(new validate_1.KeywordCxt(it, additionalProperties_1.default, "additionalProperties"));
        }
        const allProps = (0, code_1.allSchemaProperties)(schema);
        for (const prop of allProps) {
          it.definedProperties.add(prop);
        }
        if (it.opts.unevaluated && allProps.length && it.props !== true) {
          it.props = util_1.mergeEvaluated.props(gen, (0, util_1.toHash)(allProps), it.props);
        }
        const properties = allProps.filter((p) => !(0, util_1.alwaysValidSchema)(it, schema[p]));
        if (properties.length === 0)
          return;
        const valid = gen.name("valid");
        for (const prop of properties) {
          if (hasDefault(prop)) {
            applyPropertySchema(prop);
          } else {
            gen.if((0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties));
            applyPropertySchema(prop);
            if (!it.allErrors)
              gen.else().var(valid, true);
            gen.endIf();
          }
          cxt.it.definedProperties.add(prop);
          cxt.ok(valid);
        }
        function hasDefault(prop) {
          return it.opts.useDefaults && !it.compositeRule && schema[prop].default !== void 0;
        }
        function applyPropertySchema(prop) {
          cxt.subschema({
            keyword: "properties",
            schemaProp: prop,
            dataProp: prop
          }, valid);
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/patternProperties.js
var require_patternProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/patternProperties.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var util_2 = require_util();
    var def = {
      keyword: "patternProperties",
      type: "object",
      schemaType: "object",
      code(cxt) {
        const { gen, schema, data, parentSchema, it } = cxt;
        const { opts } = it;
        const patterns = (0, code_1.allSchemaProperties)(schema);
        const alwaysValidPatterns = patterns.filter((p) => (0, util_1.alwaysValidSchema)(it, schema[p]));
        if (patterns.length === 0 || alwaysValidPatterns.length === patterns.length && (!it.opts.unevaluated || it.props === true)) {
          return;
        }
        const checkProperties = opts.strictSchema && !opts.allowMatchingProperties && parentSchema.properties;
        const valid = gen.name("valid");
        if (it.props !== true && !(it.props instanceof codegen_1.Name)) {
          it.props = (0, util_2.evaluatedPropsToName)(gen, it.props);
        }
        const { props } = it;
        validatePatternProperties();
        function validatePatternProperties() {
          for (const pat of patterns) {
            if (checkProperties)
              checkMatchingProperties(pat);
            if (it.allErrors) {
              validateProperties(pat);
            } else {
              gen.var(valid, true);
              validateProperties(pat);
              gen.if(valid);
            }
          }
        }
        function checkMatchingProperties(pat) {
          for (const prop in checkProperties) {
            if (new RegExp(pat).test(prop)) {
              (0, util_1.checkStrictMode)(it, `property ${prop} matches pattern ${pat} (use allowMatchingProperties)`);
            }
          }
        }
        function validateProperties(pat) {
          gen.forIn("key", data, (key) => {
            gen.if((0, codegen_1._)`${(0, code_1.usePattern)(cxt, pat)}.test(${key})`, () => {
              const alwaysValid = alwaysValidPatterns.includes(pat);
              if (!alwaysValid) {
                cxt.subschema({
                  keyword: "patternProperties",
                  schemaProp: pat,
                  dataProp: key,
                  dataPropType: util_2.Type.Str
                }, valid);
              }
              if (it.opts.unevaluated && props !== true) {
                gen.assign((0, codegen_1._)`${props}[${key}]`, true);
              } else if (!alwaysValid && !it.allErrors) {
                gen.if((0, codegen_1.not)(valid), () => gen.break());
              }
            });
          });
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/not.js
var require_not = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/not.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: "not",
      schemaType: ["object", "boolean"],
      trackErrors: true,
      code(cxt) {
        const { gen, schema, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
          cxt.fail();
          return;
        }
        const valid = gen.name("valid");
        cxt.subschema({
          keyword: "not",
          compositeRule: true,
          createErrors: false,
          allErrors: false
        }, valid);
        cxt.failResult(valid, () => cxt.reset(), () => cxt.error());
      },
      error: { message: "must NOT be valid" }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/anyOf.js
var require_anyOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/anyOf.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var code_1 = require_code2();
    var def = {
      keyword: "anyOf",
      schemaType: "array",
      trackErrors: true,
      code: code_1.validateUnion,
      error: { message: "must match a schema in anyOf" }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/oneOf.js
var require_oneOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/oneOf.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error2 = {
      message: "must match exactly one schema in oneOf",
      params: ({ params }) => (0, codegen_1._)`{passingSchemas: ${params.passing}}`
    };
    var def = {
      keyword: "oneOf",
      schemaType: "array",
      trackErrors: true,
      error: error2,
      code(cxt) {
        const { gen, schema, parentSchema, it } = cxt;
        if (!Array.isArray(schema))
          throw new Error("ajv implementation error");
        if (it.opts.discriminator && parentSchema.discriminator)
          return;
        const schArr = schema;
        const valid = gen.let("valid", false);
        const passing = gen.let("passing", null);
        const schValid = gen.name("_valid");
        cxt.setParams({ passing });
        gen.block(validateOneOf);
        cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
        function validateOneOf() {
          schArr.forEach((sch, i) => {
            let schCxt;
            if ((0, util_1.alwaysValidSchema)(it, sch)) {
              gen.var(schValid, true);
            } else {
              schCxt = cxt.subschema({
                keyword: "oneOf",
                schemaProp: i,
                compositeRule: true
              }, schValid);
            }
            if (i > 0) {
              gen.if((0, codegen_1._)`${schValid} && ${valid}`).assign(valid, false).assign(passing, (0, codegen_1._)`[${passing}, ${i}]`).else();
            }
            gen.if(schValid, () => {
              gen.assign(valid, true);
              gen.assign(passing, i);
              if (schCxt)
                cxt.mergeEvaluated(schCxt, codegen_1.Name);
            });
          });
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/allOf.js
var require_allOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/allOf.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: "allOf",
      schemaType: "array",
      code(cxt) {
        const { gen, schema, it } = cxt;
        if (!Array.isArray(schema))
          throw new Error("ajv implementation error");
        const valid = gen.name("valid");
        schema.forEach((sch, i) => {
          if ((0, util_1.alwaysValidSchema)(it, sch))
            return;
          const schCxt = cxt.subschema({ keyword: "allOf", schemaProp: i }, valid);
          cxt.ok(valid);
          cxt.mergeEvaluated(schCxt);
        });
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/if.js
var require_if = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/if.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error2 = {
      message: ({ params }) => (0, codegen_1.str)`must match "${params.ifClause}" schema`,
      params: ({ params }) => (0, codegen_1._)`{failingKeyword: ${params.ifClause}}`
    };
    var def = {
      keyword: "if",
      schemaType: ["object", "boolean"],
      trackErrors: true,
      error: error2,
      code(cxt) {
        const { gen, parentSchema, it } = cxt;
        if (parentSchema.then === void 0 && parentSchema.else === void 0) {
          (0, util_1.checkStrictMode)(it, '"if" without "then" and "else" is ignored');
        }
        const hasThen = hasSchema(it, "then");
        const hasElse = hasSchema(it, "else");
        if (!hasThen && !hasElse)
          return;
        const valid = gen.let("valid", true);
        const schValid = gen.name("_valid");
        validateIf();
        cxt.reset();
        if (hasThen && hasElse) {
          const ifClause = gen.let("ifClause");
          cxt.setParams({ ifClause });
          gen.if(schValid, validateClause("then", ifClause), validateClause("else", ifClause));
        } else if (hasThen) {
          gen.if(schValid, validateClause("then"));
        } else {
          gen.if((0, codegen_1.not)(schValid), validateClause("else"));
        }
        cxt.pass(valid, () => cxt.error(true));
        function validateIf() {
          const schCxt = cxt.subschema({
            keyword: "if",
            compositeRule: true,
            createErrors: false,
            allErrors: false
          }, schValid);
          cxt.mergeEvaluated(schCxt);
        }
        function validateClause(keyword, ifClause) {
          return () => {
            const schCxt = cxt.subschema({ keyword }, schValid);
            gen.assign(valid, schValid);
            cxt.mergeValidEvaluated(schCxt, valid);
            if (ifClause)
              gen.assign(ifClause, (0, codegen_1._)`${keyword}`);
            else
              cxt.setParams({ ifClause: keyword });
          };
        }
      }
    };
    function hasSchema(it, keyword) {
      const schema = it.schema[keyword];
      return schema !== void 0 && !(0, util_1.alwaysValidSchema)(it, schema);
    }
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/thenElse.js
var require_thenElse = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/thenElse.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: ["then", "else"],
      schemaType: ["object", "boolean"],
      code({ keyword, parentSchema, it }) {
        if (parentSchema.if === void 0)
          (0, util_1.checkStrictMode)(it, `"${keyword}" without "if" is ignored`);
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/index.js
var require_applicator = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var additionalItems_1 = require_additionalItems();
    var prefixItems_1 = require_prefixItems();
    var items_1 = require_items();
    var items2020_1 = require_items2020();
    var contains_1 = require_contains();
    var dependencies_1 = require_dependencies();
    var propertyNames_1 = require_propertyNames();
    var additionalProperties_1 = require_additionalProperties();
    var properties_1 = require_properties();
    var patternProperties_1 = require_patternProperties();
    var not_1 = require_not();
    var anyOf_1 = require_anyOf();
    var oneOf_1 = require_oneOf();
    var allOf_1 = require_allOf();
    var if_1 = require_if();
    var thenElse_1 = require_thenElse();
    function getApplicator(draft2020 = false) {
      const applicator = [
        // any
        not_1.default,
        anyOf_1.default,
        oneOf_1.default,
        allOf_1.default,
        if_1.default,
        thenElse_1.default,
        // object
        propertyNames_1.default,
        additionalProperties_1.default,
        dependencies_1.default,
        properties_1.default,
        patternProperties_1.default
      ];
      if (draft2020)
        applicator.push(prefixItems_1.default, items2020_1.default);
      else
        applicator.push(additionalItems_1.default, items_1.default);
      applicator.push(contains_1.default);
      return applicator;
    }
    exports2.default = getApplicator;
  }
});

// node_modules/ajv/dist/vocabularies/format/format.js
var require_format = __commonJS({
  "node_modules/ajv/dist/vocabularies/format/format.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error2 = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must match format "${schemaCode}"`,
      params: ({ schemaCode }) => (0, codegen_1._)`{format: ${schemaCode}}`
    };
    var def = {
      keyword: "format",
      type: ["number", "string"],
      schemaType: "string",
      $data: true,
      error: error2,
      code(cxt, ruleType) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const { opts, errSchemaPath, schemaEnv, self } = it;
        if (!opts.validateFormats)
          return;
        if ($data)
          validate$DataFormat();
        else
          validateFormat();
        function validate$DataFormat() {
          const fmts = gen.scopeValue("formats", {
            ref: self.formats,
            code: opts.code.formats
          });
          const fDef = gen.const("fDef", (0, codegen_1._)`${fmts}[${schemaCode}]`);
          const fType = gen.let("fType");
          const format = gen.let("format");
          gen.if((0, codegen_1._)`typeof ${fDef} == "object" && !(${fDef} instanceof RegExp)`, () => gen.assign(fType, (0, codegen_1._)`${fDef}.type || "string"`).assign(format, (0, codegen_1._)`${fDef}.validate`), () => gen.assign(fType, (0, codegen_1._)`"string"`).assign(format, fDef));
          cxt.fail$data((0, codegen_1.or)(unknownFmt(), invalidFmt()));
          function unknownFmt() {
            if (opts.strictSchema === false)
              return codegen_1.nil;
            return (0, codegen_1._)`${schemaCode} && !${format}`;
          }
          function invalidFmt() {
            const callFormat = schemaEnv.$async ? (0, codegen_1._)`(${fDef}.async ? await ${format}(${data}) : ${format}(${data}))` : (0, codegen_1._)`${format}(${data})`;
            const validData = (0, codegen_1._)`(typeof ${format} == "function" ? ${callFormat} : ${format}.test(${data}))`;
            return (0, codegen_1._)`${format} && ${format} !== true && ${fType} === ${ruleType} && !${validData}`;
          }
        }
        function validateFormat() {
          const formatDef = self.formats[schema];
          if (!formatDef) {
            unknownFormat();
            return;
          }
          if (formatDef === true)
            return;
          const [fmtType, format, fmtRef] = getFormat(formatDef);
          if (fmtType === ruleType)
            cxt.pass(validCondition());
          function unknownFormat() {
            if (opts.strictSchema === false) {
              self.logger.warn(unknownMsg());
              return;
            }
            throw new Error(unknownMsg());
            function unknownMsg() {
              return `unknown format "${schema}" ignored in schema at path "${errSchemaPath}"`;
            }
          }
          function getFormat(fmtDef) {
            const code2 = fmtDef instanceof RegExp ? (0, codegen_1.regexpCode)(fmtDef) : opts.code.formats ? (0, codegen_1._)`${opts.code.formats}${(0, codegen_1.getProperty)(schema)}` : void 0;
            const fmt = gen.scopeValue("formats", { key: schema, ref: fmtDef, code: code2 });
            if (typeof fmtDef == "object" && !(fmtDef instanceof RegExp)) {
              return [fmtDef.type || "string", fmtDef.validate, (0, codegen_1._)`${fmt}.validate`];
            }
            return ["string", fmtDef, fmt];
          }
          function validCondition() {
            if (typeof formatDef == "object" && !(formatDef instanceof RegExp) && formatDef.async) {
              if (!schemaEnv.$async)
                throw new Error("async format in sync schema");
              return (0, codegen_1._)`await ${fmtRef}(${data})`;
            }
            return typeof format == "function" ? (0, codegen_1._)`${fmtRef}(${data})` : (0, codegen_1._)`${fmtRef}.test(${data})`;
          }
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/format/index.js
var require_format2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/format/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var format_1 = require_format();
    var format = [format_1.default];
    exports2.default = format;
  }
});

// node_modules/ajv/dist/vocabularies/metadata.js
var require_metadata = __commonJS({
  "node_modules/ajv/dist/vocabularies/metadata.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.contentVocabulary = exports2.metadataVocabulary = void 0;
    exports2.metadataVocabulary = [
      "title",
      "description",
      "default",
      "deprecated",
      "readOnly",
      "writeOnly",
      "examples"
    ];
    exports2.contentVocabulary = [
      "contentMediaType",
      "contentEncoding",
      "contentSchema"
    ];
  }
});

// node_modules/ajv/dist/vocabularies/draft7.js
var require_draft7 = __commonJS({
  "node_modules/ajv/dist/vocabularies/draft7.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var core_1 = require_core2();
    var validation_1 = require_validation();
    var applicator_1 = require_applicator();
    var format_1 = require_format2();
    var metadata_1 = require_metadata();
    var draft7Vocabularies = [
      core_1.default,
      validation_1.default,
      (0, applicator_1.default)(),
      format_1.default,
      metadata_1.metadataVocabulary,
      metadata_1.contentVocabulary
    ];
    exports2.default = draft7Vocabularies;
  }
});

// node_modules/ajv/dist/vocabularies/discriminator/types.js
var require_types = __commonJS({
  "node_modules/ajv/dist/vocabularies/discriminator/types.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DiscrError = void 0;
    var DiscrError;
    (function(DiscrError2) {
      DiscrError2["Tag"] = "tag";
      DiscrError2["Mapping"] = "mapping";
    })(DiscrError || (exports2.DiscrError = DiscrError = {}));
  }
});

// node_modules/ajv/dist/vocabularies/discriminator/index.js
var require_discriminator = __commonJS({
  "node_modules/ajv/dist/vocabularies/discriminator/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var types_1 = require_types();
    var compile_1 = require_compile();
    var ref_error_1 = require_ref_error();
    var util_1 = require_util();
    var error2 = {
      message: ({ params: { discrError, tagName } }) => discrError === types_1.DiscrError.Tag ? `tag "${tagName}" must be string` : `value of tag "${tagName}" must be in oneOf`,
      params: ({ params: { discrError, tag, tagName } }) => (0, codegen_1._)`{error: ${discrError}, tag: ${tagName}, tagValue: ${tag}}`
    };
    var def = {
      keyword: "discriminator",
      type: "object",
      schemaType: "object",
      error: error2,
      code(cxt) {
        const { gen, data, schema, parentSchema, it } = cxt;
        const { oneOf } = parentSchema;
        if (!it.opts.discriminator) {
          throw new Error("discriminator: requires discriminator option");
        }
        const tagName = schema.propertyName;
        if (typeof tagName != "string")
          throw new Error("discriminator: requires propertyName");
        if (schema.mapping)
          throw new Error("discriminator: mapping is not supported");
        if (!oneOf)
          throw new Error("discriminator: requires oneOf keyword");
        const valid = gen.let("valid", false);
        const tag = gen.const("tag", (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(tagName)}`);
        gen.if((0, codegen_1._)`typeof ${tag} == "string"`, () => validateMapping(), () => cxt.error(false, { discrError: types_1.DiscrError.Tag, tag, tagName }));
        cxt.ok(valid);
        function validateMapping() {
          const mapping = getMapping();
          gen.if(false);
          for (const tagValue in mapping) {
            gen.elseIf((0, codegen_1._)`${tag} === ${tagValue}`);
            gen.assign(valid, applyTagSchema(mapping[tagValue]));
          }
          gen.else();
          cxt.error(false, { discrError: types_1.DiscrError.Mapping, tag, tagName });
          gen.endIf();
        }
        function applyTagSchema(schemaProp) {
          const _valid = gen.name("valid");
          const schCxt = cxt.subschema({ keyword: "oneOf", schemaProp }, _valid);
          cxt.mergeEvaluated(schCxt, codegen_1.Name);
          return _valid;
        }
        function getMapping() {
          var _a3;
          const oneOfMapping = {};
          const topRequired = hasRequired(parentSchema);
          let tagRequired = true;
          for (let i = 0; i < oneOf.length; i++) {
            let sch = oneOf[i];
            if ((sch === null || sch === void 0 ? void 0 : sch.$ref) && !(0, util_1.schemaHasRulesButRef)(sch, it.self.RULES)) {
              const ref = sch.$ref;
              sch = compile_1.resolveRef.call(it.self, it.schemaEnv.root, it.baseId, ref);
              if (sch instanceof compile_1.SchemaEnv)
                sch = sch.schema;
              if (sch === void 0)
                throw new ref_error_1.default(it.opts.uriResolver, it.baseId, ref);
            }
            const propSch = (_a3 = sch === null || sch === void 0 ? void 0 : sch.properties) === null || _a3 === void 0 ? void 0 : _a3[tagName];
            if (typeof propSch != "object") {
              throw new Error(`discriminator: oneOf subschemas (or referenced schemas) must have "properties/${tagName}"`);
            }
            tagRequired = tagRequired && (topRequired || hasRequired(sch));
            addMappings(propSch, i);
          }
          if (!tagRequired)
            throw new Error(`discriminator: "${tagName}" must be required`);
          return oneOfMapping;
          function hasRequired({ required: required2 }) {
            return Array.isArray(required2) && required2.includes(tagName);
          }
          function addMappings(sch, i) {
            if (sch.const) {
              addMapping(sch.const, i);
            } else if (sch.enum) {
              for (const tagValue of sch.enum) {
                addMapping(tagValue, i);
              }
            } else {
              throw new Error(`discriminator: "properties/${tagName}" must have "const" or "enum"`);
            }
          }
          function addMapping(tagValue, i) {
            if (typeof tagValue != "string" || tagValue in oneOfMapping) {
              throw new Error(`discriminator: "${tagName}" values must be unique strings`);
            }
            oneOfMapping[tagValue] = i;
          }
        }
      }
    };
    exports2.default = def;
  }
});

// node_modules/ajv/dist/refs/json-schema-draft-07.json
var require_json_schema_draft_07 = __commonJS({
  "node_modules/ajv/dist/refs/json-schema-draft-07.json"(exports2, module2) {
    module2.exports = {
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: "http://json-schema.org/draft-07/schema#",
      title: "Core schema meta-schema",
      definitions: {
        schemaArray: {
          type: "array",
          minItems: 1,
          items: { $ref: "#" }
        },
        nonNegativeInteger: {
          type: "integer",
          minimum: 0
        },
        nonNegativeIntegerDefault0: {
          allOf: [{ $ref: "#/definitions/nonNegativeInteger" }, { default: 0 }]
        },
        simpleTypes: {
          enum: ["array", "boolean", "integer", "null", "number", "object", "string"]
        },
        stringArray: {
          type: "array",
          items: { type: "string" },
          uniqueItems: true,
          default: []
        }
      },
      type: ["object", "boolean"],
      properties: {
        $id: {
          type: "string",
          format: "uri-reference"
        },
        $schema: {
          type: "string",
          format: "uri"
        },
        $ref: {
          type: "string",
          format: "uri-reference"
        },
        $comment: {
          type: "string"
        },
        title: {
          type: "string"
        },
        description: {
          type: "string"
        },
        default: true,
        readOnly: {
          type: "boolean",
          default: false
        },
        examples: {
          type: "array",
          items: true
        },
        multipleOf: {
          type: "number",
          exclusiveMinimum: 0
        },
        maximum: {
          type: "number"
        },
        exclusiveMaximum: {
          type: "number"
        },
        minimum: {
          type: "number"
        },
        exclusiveMinimum: {
          type: "number"
        },
        maxLength: { $ref: "#/definitions/nonNegativeInteger" },
        minLength: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        pattern: {
          type: "string",
          format: "regex"
        },
        additionalItems: { $ref: "#" },
        items: {
          anyOf: [{ $ref: "#" }, { $ref: "#/definitions/schemaArray" }],
          default: true
        },
        maxItems: { $ref: "#/definitions/nonNegativeInteger" },
        minItems: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        uniqueItems: {
          type: "boolean",
          default: false
        },
        contains: { $ref: "#" },
        maxProperties: { $ref: "#/definitions/nonNegativeInteger" },
        minProperties: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        required: { $ref: "#/definitions/stringArray" },
        additionalProperties: { $ref: "#" },
        definitions: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        properties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        patternProperties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          propertyNames: { format: "regex" },
          default: {}
        },
        dependencies: {
          type: "object",
          additionalProperties: {
            anyOf: [{ $ref: "#" }, { $ref: "#/definitions/stringArray" }]
          }
        },
        propertyNames: { $ref: "#" },
        const: true,
        enum: {
          type: "array",
          items: true,
          minItems: 1,
          uniqueItems: true
        },
        type: {
          anyOf: [
            { $ref: "#/definitions/simpleTypes" },
            {
              type: "array",
              items: { $ref: "#/definitions/simpleTypes" },
              minItems: 1,
              uniqueItems: true
            }
          ]
        },
        format: { type: "string" },
        contentMediaType: { type: "string" },
        contentEncoding: { type: "string" },
        if: { $ref: "#" },
        then: { $ref: "#" },
        else: { $ref: "#" },
        allOf: { $ref: "#/definitions/schemaArray" },
        anyOf: { $ref: "#/definitions/schemaArray" },
        oneOf: { $ref: "#/definitions/schemaArray" },
        not: { $ref: "#" }
      },
      default: true
    };
  }
});

// node_modules/ajv/dist/ajv.js
var require_ajv = __commonJS({
  "node_modules/ajv/dist/ajv.js"(exports2, module2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.MissingRefError = exports2.ValidationError = exports2.CodeGen = exports2.Name = exports2.nil = exports2.stringify = exports2.str = exports2._ = exports2.KeywordCxt = exports2.Ajv = void 0;
    var core_1 = require_core();
    var draft7_1 = require_draft7();
    var discriminator_1 = require_discriminator();
    var draft7MetaSchema = require_json_schema_draft_07();
    var META_SUPPORT_DATA = ["/properties"];
    var META_SCHEMA_ID = "http://json-schema.org/draft-07/schema";
    var Ajv2 = class extends core_1.default {
      _addVocabularies() {
        super._addVocabularies();
        draft7_1.default.forEach((v) => this.addVocabulary(v));
        if (this.opts.discriminator)
          this.addKeyword(discriminator_1.default);
      }
      _addDefaultMetaSchema() {
        super._addDefaultMetaSchema();
        if (!this.opts.meta)
          return;
        const metaSchema = this.opts.$data ? this.$dataMetaSchema(draft7MetaSchema, META_SUPPORT_DATA) : draft7MetaSchema;
        this.addMetaSchema(metaSchema, META_SCHEMA_ID, false);
        this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
      }
      defaultMeta() {
        return this.opts.defaultMeta = super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : void 0);
      }
    };
    exports2.Ajv = Ajv2;
    module2.exports = exports2 = Ajv2;
    module2.exports.Ajv = Ajv2;
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.default = Ajv2;
    var validate_1 = require_validate();
    Object.defineProperty(exports2, "KeywordCxt", { enumerable: true, get: function() {
      return validate_1.KeywordCxt;
    } });
    var codegen_1 = require_codegen();
    Object.defineProperty(exports2, "_", { enumerable: true, get: function() {
      return codegen_1._;
    } });
    Object.defineProperty(exports2, "str", { enumerable: true, get: function() {
      return codegen_1.str;
    } });
    Object.defineProperty(exports2, "stringify", { enumerable: true, get: function() {
      return codegen_1.stringify;
    } });
    Object.defineProperty(exports2, "nil", { enumerable: true, get: function() {
      return codegen_1.nil;
    } });
    Object.defineProperty(exports2, "Name", { enumerable: true, get: function() {
      return codegen_1.Name;
    } });
    Object.defineProperty(exports2, "CodeGen", { enumerable: true, get: function() {
      return codegen_1.CodeGen;
    } });
    var validation_error_1 = require_validation_error();
    Object.defineProperty(exports2, "ValidationError", { enumerable: true, get: function() {
      return validation_error_1.default;
    } });
    var ref_error_1 = require_ref_error();
    Object.defineProperty(exports2, "MissingRefError", { enumerable: true, get: function() {
      return ref_error_1.default;
    } });
  }
});

// node_modules/ajv-formats/dist/formats.js
var require_formats = __commonJS({
  "node_modules/ajv-formats/dist/formats.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.formatNames = exports2.fastFormats = exports2.fullFormats = void 0;
    function fmtDef(validate3, compare) {
      return { validate: validate3, compare };
    }
    exports2.fullFormats = {
      // date: http://tools.ietf.org/html/rfc3339#section-5.6
      date: fmtDef(date3, compareDate),
      // date-time: http://tools.ietf.org/html/rfc3339#section-5.6
      time: fmtDef(getTime(true), compareTime),
      "date-time": fmtDef(getDateTime(true), compareDateTime),
      "iso-time": fmtDef(getTime(), compareIsoTime),
      "iso-date-time": fmtDef(getDateTime(), compareIsoDateTime),
      // duration: https://tools.ietf.org/html/rfc3339#appendix-A
      duration: /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/,
      uri,
      "uri-reference": /^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i,
      // uri-template: https://tools.ietf.org/html/rfc6570
      "uri-template": /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i,
      // For the source: https://gist.github.com/dperini/729294
      // For test cases: https://mathiasbynens.be/demo/url-regex
      url: /^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?(?:(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|(?:(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)(?:\.(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)*(?:\.(?:[a-z\u{00a1}-\u{ffff}]{2,})))(?::\d{2,5})?(?:\/[^\s]*)?$/iu,
      email: /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i,
      hostname: /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i,
      // optimized https://www.safaribooksonline.com/library/view/regular-expressions-cookbook/9780596802837/ch07s16.html
      ipv4: /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
      ipv6: /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i,
      regex: regex2,
      // uuid: http://tools.ietf.org/html/rfc4122
      uuid: /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i,
      // JSON-pointer: https://tools.ietf.org/html/rfc6901
      // uri fragment: https://tools.ietf.org/html/rfc3986#appendix-A
      "json-pointer": /^(?:\/(?:[^~/]|~0|~1)*)*$/,
      "json-pointer-uri-fragment": /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i,
      // relative JSON-pointer: http://tools.ietf.org/html/draft-luff-relative-json-pointer-00
      "relative-json-pointer": /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/,
      // the following formats are used by the openapi specification: https://spec.openapis.org/oas/v3.0.0#data-types
      // byte: https://github.com/miguelmota/is-base64
      byte,
      // signed 32 bit integer
      int32: { type: "number", validate: validateInt32 },
      // signed 64 bit integer
      int64: { type: "number", validate: validateInt64 },
      // C-type float
      float: { type: "number", validate: validateNumber },
      // C-type double
      double: { type: "number", validate: validateNumber },
      // hint to the UI to hide input strings
      password: true,
      // unchecked string payload
      binary: true
    };
    exports2.fastFormats = {
      ...exports2.fullFormats,
      date: fmtDef(/^\d\d\d\d-[0-1]\d-[0-3]\d$/, compareDate),
      time: fmtDef(/^(?:[0-2]\d:[0-5]\d:[0-5]\d|23:59:60)(?:\.\d+)?(?:z|[+-]\d\d(?::?\d\d)?)$/i, compareTime),
      "date-time": fmtDef(/^\d\d\d\d-[0-1]\d-[0-3]\dt(?:[0-2]\d:[0-5]\d:[0-5]\d|23:59:60)(?:\.\d+)?(?:z|[+-]\d\d(?::?\d\d)?)$/i, compareDateTime),
      "iso-time": fmtDef(/^(?:[0-2]\d:[0-5]\d:[0-5]\d|23:59:60)(?:\.\d+)?(?:z|[+-]\d\d(?::?\d\d)?)?$/i, compareIsoTime),
      "iso-date-time": fmtDef(/^\d\d\d\d-[0-1]\d-[0-3]\d[t\s](?:[0-2]\d:[0-5]\d:[0-5]\d|23:59:60)(?:\.\d+)?(?:z|[+-]\d\d(?::?\d\d)?)?$/i, compareIsoDateTime),
      // uri: https://github.com/mafintosh/is-my-json-valid/blob/master/formats.js
      uri: /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/)?[^\s]*$/i,
      "uri-reference": /^(?:(?:[a-z][a-z0-9+\-.]*:)?\/?\/)?(?:[^\\\s#][^\s#]*)?(?:#[^\\\s]*)?$/i,
      // email (sources from jsen validator):
      // http://stackoverflow.com/questions/201323/using-a-regular-expression-to-validate-an-email-address#answer-8829363
      // http://www.w3.org/TR/html5/forms.html#valid-e-mail-address (search for 'wilful violation')
      email: /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i
    };
    exports2.formatNames = Object.keys(exports2.fullFormats);
    function isLeapYear(year) {
      return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    }
    var DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
    var DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    function date3(str) {
      const matches = DATE.exec(str);
      if (!matches)
        return false;
      const year = +matches[1];
      const month = +matches[2];
      const day = +matches[3];
      return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]);
    }
    function compareDate(d1, d2) {
      if (!(d1 && d2))
        return void 0;
      if (d1 > d2)
        return 1;
      if (d1 < d2)
        return -1;
      return 0;
    }
    var TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
    function getTime(strictTimeZone) {
      return function time3(str) {
        const matches = TIME.exec(str);
        if (!matches)
          return false;
        const hr = +matches[1];
        const min = +matches[2];
        const sec = +matches[3];
        const tz = matches[4];
        const tzSign = matches[5] === "-" ? -1 : 1;
        const tzH = +(matches[6] || 0);
        const tzM = +(matches[7] || 0);
        if (tzH > 23 || tzM > 59 || strictTimeZone && !tz)
          return false;
        if (hr <= 23 && min <= 59 && sec < 60)
          return true;
        const utcMin = min - tzM * tzSign;
        const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
        return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
      };
    }
    function compareTime(s1, s2) {
      if (!(s1 && s2))
        return void 0;
      const t1 = (/* @__PURE__ */ new Date("2020-01-01T" + s1)).valueOf();
      const t2 = (/* @__PURE__ */ new Date("2020-01-01T" + s2)).valueOf();
      if (!(t1 && t2))
        return void 0;
      return t1 - t2;
    }
    function compareIsoTime(t1, t2) {
      if (!(t1 && t2))
        return void 0;
      const a1 = TIME.exec(t1);
      const a2 = TIME.exec(t2);
      if (!(a1 && a2))
        return void 0;
      t1 = a1[1] + a1[2] + a1[3];
      t2 = a2[1] + a2[2] + a2[3];
      if (t1 > t2)
        return 1;
      if (t1 < t2)
        return -1;
      return 0;
    }
    var DATE_TIME_SEPARATOR = /t|\s/i;
    function getDateTime(strictTimeZone) {
      const time3 = getTime(strictTimeZone);
      return function date_time(str) {
        const dateTime = str.split(DATE_TIME_SEPARATOR);
        return dateTime.length === 2 && date3(dateTime[0]) && time3(dateTime[1]);
      };
    }
    function compareDateTime(dt1, dt2) {
      if (!(dt1 && dt2))
        return void 0;
      const d1 = new Date(dt1).valueOf();
      const d2 = new Date(dt2).valueOf();
      if (!(d1 && d2))
        return void 0;
      return d1 - d2;
    }
    function compareIsoDateTime(dt1, dt2) {
      if (!(dt1 && dt2))
        return void 0;
      const [d1, t1] = dt1.split(DATE_TIME_SEPARATOR);
      const [d2, t2] = dt2.split(DATE_TIME_SEPARATOR);
      const res = compareDate(d1, d2);
      if (res === void 0)
        return void 0;
      return res || compareTime(t1, t2);
    }
    var NOT_URI_FRAGMENT = /\/|:/;
    var URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
    function uri(str) {
      return NOT_URI_FRAGMENT.test(str) && URI.test(str);
    }
    var BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/gm;
    function byte(str) {
      BYTE.lastIndex = 0;
      return BYTE.test(str);
    }
    var MIN_INT32 = -(2 ** 31);
    var MAX_INT32 = 2 ** 31 - 1;
    function validateInt32(value) {
      return Number.isInteger(value) && value <= MAX_INT32 && value >= MIN_INT32;
    }
    function validateInt64(value) {
      return Number.isInteger(value);
    }
    function validateNumber() {
      return true;
    }
    var Z_ANCHOR = /[^\\]\\Z/;
    function regex2(str) {
      if (Z_ANCHOR.test(str))
        return false;
      try {
        new RegExp(str);
        return true;
      } catch (e) {
        return false;
      }
    }
  }
});

// node_modules/ajv-formats/dist/limit.js
var require_limit = __commonJS({
  "node_modules/ajv-formats/dist/limit.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.formatLimitDefinition = void 0;
    var ajv_1 = require_ajv();
    var codegen_1 = require_codegen();
    var ops = codegen_1.operators;
    var KWDs = {
      formatMaximum: { okStr: "<=", ok: ops.LTE, fail: ops.GT },
      formatMinimum: { okStr: ">=", ok: ops.GTE, fail: ops.LT },
      formatExclusiveMaximum: { okStr: "<", ok: ops.LT, fail: ops.GTE },
      formatExclusiveMinimum: { okStr: ">", ok: ops.GT, fail: ops.LTE }
    };
    var error2 = {
      message: ({ keyword, schemaCode }) => (0, codegen_1.str)`should be ${KWDs[keyword].okStr} ${schemaCode}`,
      params: ({ keyword, schemaCode }) => (0, codegen_1._)`{comparison: ${KWDs[keyword].okStr}, limit: ${schemaCode}}`
    };
    exports2.formatLimitDefinition = {
      keyword: Object.keys(KWDs),
      type: "string",
      schemaType: "string",
      $data: true,
      error: error2,
      code(cxt) {
        const { gen, data, schemaCode, keyword, it } = cxt;
        const { opts, self } = it;
        if (!opts.validateFormats)
          return;
        const fCxt = new ajv_1.KeywordCxt(it, self.RULES.all.format.definition, "format");
        if (fCxt.$data)
          validate$DataFormat();
        else
          validateFormat();
        function validate$DataFormat() {
          const fmts = gen.scopeValue("formats", {
            ref: self.formats,
            code: opts.code.formats
          });
          const fmt = gen.const("fmt", (0, codegen_1._)`${fmts}[${fCxt.schemaCode}]`);
          cxt.fail$data((0, codegen_1.or)((0, codegen_1._)`typeof ${fmt} != "object"`, (0, codegen_1._)`${fmt} instanceof RegExp`, (0, codegen_1._)`typeof ${fmt}.compare != "function"`, compareCode(fmt)));
        }
        function validateFormat() {
          const format = fCxt.schema;
          const fmtDef = self.formats[format];
          if (!fmtDef || fmtDef === true)
            return;
          if (typeof fmtDef != "object" || fmtDef instanceof RegExp || typeof fmtDef.compare != "function") {
            throw new Error(`"${keyword}": format "${format}" does not define "compare" function`);
          }
          const fmt = gen.scopeValue("formats", {
            key: format,
            ref: fmtDef,
            code: opts.code.formats ? (0, codegen_1._)`${opts.code.formats}${(0, codegen_1.getProperty)(format)}` : void 0
          });
          cxt.fail$data(compareCode(fmt));
        }
        function compareCode(fmt) {
          return (0, codegen_1._)`${fmt}.compare(${data}, ${schemaCode}) ${KWDs[keyword].fail} 0`;
        }
      },
      dependencies: ["format"]
    };
    var formatLimitPlugin = (ajv) => {
      ajv.addKeyword(exports2.formatLimitDefinition);
      return ajv;
    };
    exports2.default = formatLimitPlugin;
  }
});

// node_modules/ajv-formats/dist/index.js
var require_dist = __commonJS({
  "node_modules/ajv-formats/dist/index.js"(exports2, module2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    var formats_1 = require_formats();
    var limit_1 = require_limit();
    var codegen_1 = require_codegen();
    var fullName = new codegen_1.Name("fullFormats");
    var fastName = new codegen_1.Name("fastFormats");
    var formatsPlugin = (ajv, opts = { keywords: true }) => {
      if (Array.isArray(opts)) {
        addFormats(ajv, opts, formats_1.fullFormats, fullName);
        return ajv;
      }
      const [formats, exportName] = opts.mode === "fast" ? [formats_1.fastFormats, fastName] : [formats_1.fullFormats, fullName];
      const list = opts.formats || formats_1.formatNames;
      addFormats(ajv, list, formats, exportName);
      if (opts.keywords)
        (0, limit_1.default)(ajv);
      return ajv;
    };
    formatsPlugin.get = (name, mode = "full") => {
      const formats = mode === "fast" ? formats_1.fastFormats : formats_1.fullFormats;
      const f = formats[name];
      if (!f)
        throw new Error(`Unknown format "${name}"`);
      return f;
    };
    function addFormats(ajv, list, fs, exportName) {
      var _a3;
      var _b;
      (_a3 = (_b = ajv.opts.code).formats) !== null && _a3 !== void 0 ? _a3 : _b.formats = (0, codegen_1._)`require("ajv-formats/dist/formats").${exportName}`;
      for (const f of list)
        ajv.addFormat(f, fs[f]);
    }
    module2.exports = exports2 = formatsPlugin;
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.default = formatsPlugin;
  }
});

// src/mcp-main.ts
var import_node_crypto2 = require("node:crypto");
var import_node_fs19 = require("node:fs");
var import_node_os = require("node:os");
var import_node_path = require("node:path");

// src/limits.ts
var RESULT_DEFAULT_MAX_BYTES = 8192;
var RESULT_MIN_MAX_BYTES = 1024;
var RESULT_CEILING_MAX_BYTES = 1048576;
var ID_MAX_CHARS = 128;
var REQUEST_FILE_MAX_BYTES = 16 * 1048576;
var QUOTED_NAME_MAX_CHARS = 64;
var CWD_FILE_MAX_BYTES = 4096;
var ERROR_MAX_BYTES = 1024;
var LONG_PATH_SHOWN_CHARS = 200;
var PATH_LINKS_MAX_FOLLOWED = 40;
var PATH_LOOK_MAX_ATTEMPTS = 3;
var RUNS_KEPT_COUNT = 20;
var RUN_USE_MARK_INTERVAL_MS = 6e4;
var RUN_USE_MARKS_KEPT = 256;
var HOMES_KEPT = 64;
var FILE_READ_DEFAULT_LIMIT_LINES = 200;
var FILE_READ_MAX_LIMIT_LINES = 500;
var FILE_READ_LINE_MAX_CHARS = 400;
var BINARY_SNIFF_BYTES = 8e3;
var READ_CHUNK_BYTES = 1048576;
var READ_CHUNK_MIN_BYTES = 65536;
var SHA256_WASM_MAX_BYTES = 262144;
var SHELL_DEFAULT_TIMEOUT_SECONDS = 120;
var SHELL_MIN_TIMEOUT_SECONDS = 1;
var SHELL_MAX_TIMEOUT_SECONDS = 600;
var SHELL_KILL_GRACE_MS = 2e3;
var SHELL_SLOW_COMMAND_MS = 1e4;
var SHELL_HEAD_MAX_BYTES = 2048;
var SHELL_LINE_END_REACH_PERCENT = 25;
var SHELL_INLINE_SCRIPT_MAX_BYTES = 65536;
var BACKGROUND_ID_CLAIM_MAX_ATTEMPTS = 1e4;
var STATUS_LOG_TAIL_LINES = 40;
var STATUS_COMMAND_MAX_CHARS = 200;
var STATUS_LOG_TAIL_READ_MAX_BYTES = 65536;
var STOP_KILL_DELAY_SECONDS = 5;
var STOP_SETTLE_WAIT_MS = 1e3;
var STOP_SETTLE_POLL_MS = 25;
var JOB_RECORD_MAX_BYTES = 1048576;
var JOB_STATUS_FILE_MAX_BYTES = 64;
var SHELL_CURSOR_MOVE_MAX_COLUMNS = 1024;
var SHELL_SCREEN_ROWS = 100;
var SHELL_SCREEN_MAX_BYTES = 1048576;
var SHELL_KEPT_ERROR_LINES_MAX = 12;
var SHELL_KEPT_ERRORS_MAX_PERCENT = 25;
var SHELL_KEPT_ERROR_LINE_MAX_BYTES = 200;
var SHELL_ERROR_LINE_SEARCH_BYTES = 1024;
var SHELL_ERROR_SEARCH_MAX_BYTES = 16 * 1048576;
var SEARCH_MAX_FILES = 30;
var SEARCH_MAX_LINES = 40;
var SEARCH_MAX_MATCHES_PER_FILE = 10;
var SEARCH_MAX_CONTEXT_LINES = 5;
var SEARCH_LINE_MAX_CHARS = 300;
var SEARCH_TIMEOUT_SECONDS = 60;
var SEARCH_IGNORED_TIMEOUT_SECONDS = 3;
var SEARCH_SPOOL_MAX_BYTES = 64 * 1048576;
var SEARCH_MATCH_LEAD_CHARS = 60;
var SEARCH_ECHO_MAX_CHARS = 200;
var SEARCH_SHORT_LINE_MAX_BYTES = 65536;
var SEARCH_STATS_MAX_LINES = 24;
var SEARCH_STDERR_KEEP_BYTES = 8192;
var SEARCH_OUTPUT_FILE_CHUNK_BYTES = 1048576;
var SEARCH_SPOOL_READ_BYTES = 524288;
var SEARCH_SPOOL_CHECK_INTERVAL_MS = 10;
var SEARCH_SPOOL_FREE_SPACE_FACTOR = 2;
var CODE_TASK_DEFAULT_TIMEOUT_MINUTES = 30;
var CODE_TASK_MIN_TIMEOUT_MINUTES = 1;
var CODE_TASK_MAX_TIMEOUT_MINUTES = 120;
var BRIEF_FIRST_LINE_MAX_CHARS = 120;
var PLATFORM_RESULT_MAX_BYTES = 65536;
var OP_TIMEOUT_SECONDS = 120;
var SHELL_TIMEOUT_MARGIN_SECONDS = 30;
var CODE_TASK_TIMEOUT_MARGIN_SECONDS = 60;
var REQUEST_ARGUMENT_MAX_BYTES = 65536;
var HELPER_STDERR_TAIL_LINES = 5;
var HELPER_STDERR_LINE_MAX_CHARS = 300;
var SANDBOX_GRACE_MS = 5e3;
var SWEEP_EXEC_TIMEOUT_MS = 15e3;
var ROW_TEXT_MAX_CHARS = 80;
var UNKNOWN_TOOL_SHOWN_CHARS = 64;
var MCP_PROGRESS_INTERVAL_MS = 1e3;
var MCP_MESSAGE_MAX_BYTES = 33554432;
var MCP_SHUTDOWN_WAIT_MS = 15e3;
var MCP_ROOTS_WAIT_MS = 5e3;
var SERVE_LINE_MAX_BYTES = 16 * 1048576;
var SERVE_IDLE_EXIT_MS = 15 * 6e4;
var PROGRESS_HEARTBEAT_DEFAULT_MS = 15e3;
var PROGRESS_HEARTBEAT_MIN_MS = 1e3;
var PROGRESS_HEARTBEAT_MAX_MS = 6e5;
var PROGRESS_OUTPUT_INTERVAL_MS = 250;
var PROGRESS_OUTPUT_MAX_BYTES = 2048;
var PROGRESS_OUTPUT_HELD_MAX_BYTES = 16384;
var PROGRESS_STEP_MAX_CHARS = 300;
var LIVE_STEPS_MAX = 50;
var LIVE_LINE_MAX_CHARS = 200;
var REDACT_CUT_SECRET_MIN_CHARS = 4;
var TRACESTATE_MAX_CHARS = 512;
var SPAN_ARGUMENTS_MAX_BYTES = 4096;

// src/contract/environment.ts
var REPO_TOKENS_VARIABLE = "GUILD_REPO_TOKENS";
var NODE_EXTRA_CA_CERTS_VARIABLE = "NODE_EXTRA_CA_CERTS";
var HANDED_ON_EXTRA_CA_CERTS_VARIABLE = "GUILDS_NODE_EXTRA_CA_CERTS";
var DEFAULT_RUN_DIR = "/run/guilds";
var RUN_DIR_VARIABLE = "GUILDS_RUN_DIR";

// src/text/utf8.ts
var encoder = new TextEncoder();
var NON_ASCII = /[^\x00-\x7f]/;
var SURROGATE = /[\ud800-\udfff]/;
function utf8Bytes(text2) {
  if (!NON_ASCII.test(text2)) return text2.length;
  return encoder.encode(text2).length;
}
function encodeUtf8(text2) {
  return encoder.encode(text2);
}
function codePointCount(text2) {
  if (!SURROGATE.test(text2)) return text2.length;
  let count = text2.length;
  for (let i = 0; i < text2.length - 1; i++) {
    const unit = text2.charCodeAt(i);
    if (unit >= 55296 && unit <= 56319) {
      const next = text2.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        count--;
        i++;
      }
    }
  }
  return count;
}
function firstCodePoints(text2, maxChars) {
  if (!SURROGATE.test(text2)) return text2.slice(0, Math.max(0, maxChars));
  let units = 0;
  let chars = 0;
  while (units < text2.length && chars < maxChars) {
    const unit = text2.charCodeAt(units);
    units += unit >= 55296 && unit <= 56319 && units + 1 < text2.length ? 2 : 1;
    chars++;
  }
  return text2.slice(0, units);
}
function prefixWithinBytes(text2, maxBytes) {
  if (maxBytes <= 0) return "";
  if (!NON_ASCII.test(text2)) return text2.slice(0, maxBytes);
  let bytes = 0;
  let i = 0;
  while (i < text2.length) {
    const unit = text2.charCodeAt(i);
    let width = 1;
    let size;
    if (unit < 128) size = 1;
    else if (unit < 2048) size = 2;
    else if (unit >= 55296 && unit <= 56319 && i + 1 < text2.length) {
      const next = text2.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        size = 4;
        width = 2;
      } else size = 3;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += width;
  }
  return text2.slice(0, i);
}
function suffixWithinBytes(text2, maxBytes) {
  if (maxBytes <= 0) return "";
  let bytes = 0;
  let i = text2.length;
  while (i > 0) {
    const unit = text2.charCodeAt(i - 1);
    let width = 1;
    let size;
    if (unit < 128) size = 1;
    else if (unit < 2048) size = 2;
    else if (unit >= 56320 && unit <= 57343 && i >= 2 && text2.charCodeAt(i - 2) >= 55296 && text2.charCodeAt(i - 2) <= 56319) {
      size = 4;
      width = 2;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i -= width;
  }
  return text2.slice(i);
}
function capText(text2, maxBytes) {
  if (text2.length * 3 <= maxBytes || utf8Bytes(text2) <= maxBytes) return text2;
  const marker = "\n[\u2026 cut to stay under " + maxBytes + " bytes]";
  return prefixWithinBytes(text2, maxBytes - utf8Bytes(marker)) + marker;
}
function isContinuationByte(byte) {
  return byte !== void 0 && (byte & 192) === 128;
}
function copyBytes(bytes) {
  return new Uint8Array(bytes);
}
function joinBytes(a, b) {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

// src/contract/errors.ts
var ERROR_KINDS = [
  /** The request or the tool's arguments are not what the contract takes. */
  "invalid_request",
  /** A file, folder, background id or session named in the call does not exist. */
  "not_found",
  /** A path resolves, links followed, outside the home. */
  "outside_home",
  /** A file was wanted and the path names a folder, FIFO, socket or device. */
  "not_a_file",
  /** A folder was wanted (a trailing `/`, a working directory) and the path names something else. */
  "not_a_folder",
  /** A path that cannot be resolved: too many levels of links, too long, a NUL byte, empty. */
  "invalid_path",
  /** ripgrep refused the pattern or the glob. */
  "invalid_pattern",
  /** A program the tool needs is missing or cannot run (ripgrep, bash, the harness). */
  "unavailable",
  /** The resource is in use (a code_task already running in the repository). */
  "busy",
  /** A read or write failed: permission denied, a full or read-only disk, an I/O error. */
  "io",
  /** The helper was told to stop before it could answer. */
  "interrupted",
  /** A fault of the helper itself. */
  "internal"
];
var ToolError = class extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
    this.name = "ToolError";
  }
  kind;
};
function invalidRequest(reason) {
  return new ToolError("invalid_request", `invalid request: ${reason}`);
}
function invalidArgument(tool, reason) {
  return new ToolError("invalid_request", `${tool}: ${reason}`);
}
function interruptedBeforeAnswer(signal) {
  return new ToolError("interrupted", `the helper was interrupted (${signal}) before it could answer`);
}
function pathFailure(code2, named, longPathShownChars) {
  switch (code2) {
    case "ENOENT":
      return noSuchPath(named);
    // A name that is not a folder, followed by more of the path (`a.txt/b`, `a.txt/../b`): the shell's
    // `Not a directory`.
    case "ENOTDIR":
      return notAFolder(named);
    case "ELOOP":
      return new ToolError("invalid_path", `too many levels of links: ${named}`);
    case "EACCES":
    case "EPERM":
      return new ToolError("io", `permission denied: ${named}`);
    case "ENAMETOOLONG":
      return new ToolError("invalid_path", `path too long: ${firstCodePoints(named, longPathShownChars)}\u2026`);
    default:
      return new ToolError("io", `cannot open ${named}: ${code2 ?? "unknown error"}`);
  }
}
function noSuchPath(named) {
  return new ToolError("not_found", `no such file or folder: ${named}`);
}
function outsideHome(named) {
  return new ToolError("outside_home", `${named} is outside the home; only paths inside it can be read`);
}
function workingDirectoryOutsideHome(cwd) {
  return new ToolError("outside_home", `the working directory ${cwd} is outside the home; give a path inside it`);
}
var KIND_WORDS = {
  file: "a file",
  folder: "a folder",
  fifo: "a FIFO",
  socket: "a socket",
  device: "a device",
  link: "a link",
  other: "not a regular file"
};
function kindWords(kind) {
  return KIND_WORDS[kind];
}
function notAFolder(named) {
  return new ToolError("not_a_folder", `${named} is not a folder`);
}
function notARegularFile(named, kindWords2) {
  return new ToolError("not_a_file", `${named} is ${kindWords2}, not a regular file`);
}
function pathHasNul() {
  return new ToolError("invalid_path", "the path contains a NUL byte");
}
function pathIsEmpty() {
  return new ToolError("invalid_path", "the path is empty");
}
function workingDirectoryNotRecorded(file, failure3) {
  return new ToolError("io", `cannot record the working directory in ${file}: ${failure3}`);
}
function homeNotAbsolute() {
  return new ToolError("invalid_request", "HOME is not set to an absolute path");
}
function homeMissing(home) {
  return new ToolError("not_found", `the home folder ${home} does not exist`);
}
function homeNotAFolder(home) {
  return new ToolError("not_a_folder", `the home ${home} is not a folder`);
}
var NAME_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${QUOTED_NAME_MAX_CHARS}}$`);
function quotedName(name) {
  return NAME_PATTERN.test(name) ? `'${name}' ` : "";
}
var requestReasons = {
  noArgument: "no argument (expected base64 JSON or a request file)",
  emptyArgument: "the argument is empty",
  notBase64: "the argument is not standard base64",
  notUtf8: "not UTF-8",
  notJson: "not JSON",
  notObject: "not a JSON object",
  unknownOp: (op, known) => `unknown op ${quotedName(op)}(one of ${known.join(", ")})`,
  // A tool of the contract that another helper runs: said plainly, so that a misrouted call is plain.
  runByOtherHelper: (op, helper, known) => `${op} is run by ${helper}, not by this helper (it runs ${known.join(", ")})`,
  notString: (field) => `${field} must be a string`,
  notId: (field) => `${field} must be 1 to ${ID_MAX_CHARS} of A-Z a-z 0-9 _ . - (not . or ..)`,
  hasNul: (field) => `${field} contains a NUL byte`,
  notWholeNumber: (field) => `${field} must be a whole number`,
  notBoolean: (field) => `${field} must be true or false`,
  notJsonObject: (field) => `${field} must be a JSON object`,
  notOneOf: (field, values) => `${field} must be ${values.map((v) => `"${v}"`).join(" or ")}`,
  required: (field) => `${field} is required`,
  unknownArgument: (name, known) => `unknown argument ${quotedName(name)}(it takes ${known.join(", ")})`,
  requestFileOutside: (folder) => `a request file must lie directly in ${folder}/`,
  requestFileMisnamed: (path) => `a request file is named <run_id>-<call_id>.json; ${path} is not`,
  noRequestFile: (path) => `no request file at ${path}`,
  requestFileNotRegular: (path) => `${path} is not a regular file`,
  requestFileTooLarge: (maxBytes) => `the request file passes ${maxBytes} bytes`,
  requestFileUnreadable: (path, code2) => `cannot read ${path}: ${code2 ?? "unknown error"}`,
  envName: "env names a variable by an empty name, or one holding = or a NUL byte",
  envValue: "env gives a variable a value that is neither a string without a NUL byte nor null",
  envOnlyOverStream: "env travels in a warm stream's line only: a cold request is read from argv, which every process can read",
  requestFileNotRoots: (path) => `a helper started as root takes only a request file of root's own, through folders no other user can change; ${path} is not one`
};

// src/text/errno.ts
function errorCode(error2) {
  if (typeof error2 === "object" && error2 !== null && "code" in error2) {
    const code2 = error2.code;
    return typeof code2 === "string" ? code2 : void 0;
  }
  return void 0;
}
var STATE_FAILURES = {
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a file stands where a folder should be",
  EEXIST: "a file stands where a folder should be",
  EISDIR: "a folder stands where a file should be"
};
function stateFailure(error2) {
  const reported = errorCode(error2);
  if (reported === void 0) return "unknown error";
  const code2 = reported === "ERR_FS_EISDIR" ? "EISDIR" : reported;
  return STATE_FAILURES[code2] ? `${STATE_FAILURES[code2]} (${code2})` : code2;
}
function codeOrMessage(error2) {
  const code2 = errorCode(error2);
  if (code2 !== void 0) return code2;
  return error2 instanceof Error ? error2.message : String(error2);
}

// src/text/paths.ts
var NOT_NORMAL = /\/(?:\.\.?)?(?:\/|$)/;
function normalizeAbsolute(path) {
  if (path.startsWith("/") && !NOT_NORMAL.test(path)) return path;
  const out = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return "/" + out.join("/");
}
function joinPath(base, rel) {
  return normalizeAbsolute(rel.startsWith("/") ? rel : base + "/" + rel);
}
function expandHome(input, home, base) {
  if (input === "~") return normalizeAbsolute(home);
  if (input.startsWith("~/")) return joinPath(home, input.slice(2));
  return joinPath(base, input);
}
function resolveShownPath(input, cwd, home, homeAlias2, isRealFolder2) {
  const homeParts = home.split("/").filter(Boolean);
  const aliasParts = homeAlias2 === null ? null : homeAlias2.split("/").filter(Boolean);
  let parts;
  let rest;
  if (input === "~" || input.startsWith("~/")) {
    parts = homeParts.slice();
    rest = input.slice(1);
  } else {
    parts = [];
    rest = input.startsWith("/") ? input : cwd + "/" + input;
  }
  for (const part of rest.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      const top = parts[parts.length - 1];
      if (top === void 0) continue;
      if (top !== ".." && isRealFolder2("/" + parts.join("/"))) parts.pop();
      else parts.push("..");
      continue;
    }
    parts.push(part);
    if (aliasParts !== null && parts.length === aliasParts.length && parts.every((name, i) => name === aliasParts[i])) {
      parts = homeParts.slice();
    }
  }
  return "/" + parts.join("/");
}
function isInside(path, root) {
  if (root === "/") return true;
  return path === root || path.startsWith(root + "/");
}
function relativePath(from, to) {
  const fromParts = from.split("/").filter(Boolean);
  const toParts = to.split("/").filter(Boolean);
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) {
    common++;
  }
  const ups = fromParts.length - common;
  const rest = toParts.slice(common);
  const parts = [...Array(ups).fill(".."), ...rest];
  return parts.length === 0 ? "." : parts.join("/");
}
function dirName(path) {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}
function baseName(path) {
  return path.slice(path.lastIndexOf("/") + 1);
}
function components(path) {
  return path.split("/").filter((part) => part !== "" && part !== ".");
}
function walkInsideHome(path, home, homeAlias2, look, maxLinks) {
  const onTheWay = (at) => isInside(home, at) || homeAlias2 !== null && isInside(homeAlias2, at);
  let parts = [];
  let rest = components(path);
  let links = 0;
  while (rest.length > 0) {
    const name = rest.shift();
    if (name === "..") {
      parts.pop();
      continue;
    }
    parts.push(name);
    const at = "/" + parts.join("/");
    if (at === homeAlias2) {
      parts = components(home);
      continue;
    }
    if (at === home || !isInside(at, home)) {
      if (onTheWay(at)) continue;
      return { outside: true };
    }
    const step = look(at);
    if (step.kind === "missing") return { errorCode: "ENOENT" };
    if (step.kind === "link") {
      if (++links > maxLinks) return { errorCode: "ELOOP" };
      parts.pop();
      if (step.target.startsWith("/")) parts = [];
      rest = [...components(step.target), ...rest];
    } else if (step.kind === "other" && rest.length > 0) {
      return { errorCode: "ENOTDIR" };
    }
  }
  const real = "/" + parts.join("/");
  return isInside(real, home) ? { real } : { outside: true };
}

// src/workspace/workdir.ts
var RUNS_FOLDER_NAME = ".runs";
function runsFolder(io) {
  return joinPath(io.home, RUNS_FOLDER_NAME);
}
function runFolder(io, runId) {
  return joinPath(runsFolder(io), runId);
}
function cwdFile(io, runId) {
  return joinPath(runFolder(io, runId), "cwd");
}
function isFolder(io, path) {
  try {
    return io.fs.stat(path)?.kind === "folder";
  } catch {
    return false;
  }
}
function defaultWorkingDirectory(io, defaultCwd) {
  return defaultCwd === "" ? io.home : expandHome(defaultCwd, io.home, io.home);
}
function recordedText(io, runId) {
  const path = cwdFile(io, runId);
  try {
    if (io.fs.stat(path) === null) return void 0;
    return new TextDecoder().decode(io.fs.readFile(path, CWD_FILE_MAX_BYTES));
  } catch {
    return void 0;
  }
}
function loadWorkingDirectoryOf(io, runId, defaultCwd) {
  const recorded = recordedText(io, runId);
  if (recorded !== void 0 && recorded.startsWith("/") && !/[\0\n]/.test(recorded)) {
    const folder = normalizeAbsolute(recorded);
    if (isFolder(io, folder)) return { folder, recorded: folder === recorded };
  }
  const fallback = defaultWorkingDirectory(io, defaultCwd);
  if (fallback === io.home) return { folder: io.home, recorded: false };
  return { folder: isFolder(io, fallback) ? fallback : io.home, recorded: false };
}
function saveWorkingDirectory(io, runId, folder) {
  if (recordedText(io, runId) === folder) return;
  try {
    io.fs.makeFolder(runFolder(io, runId));
    io.fs.writeFileAtomic(cwdFile(io, runId), folder);
  } catch (error2) {
    throw workingDirectoryNotRecorded(cwdFile(io, runId), stateFailure(error2));
  }
}

// src/mcp/format.ts
function progressMessage(tool, elapsedSeconds) {
  return `${tool}: running for ${elapsedSeconds} s`;
}
function unknownMcpTool(shown, offered) {
  return `unknown tool '${shown}' (this server's tools are ${offered.join(", ")})`;
}
function errorMessageForWire(code2, message) {
  const prefix = `MCP error ${code2}: `;
  let plain = message;
  while (plain.startsWith(prefix)) plain = plain.slice(prefix.length);
  return plain;
}
function notJsonMessage() {
  return "Parse error: the message is not JSON";
}
function notJsonRpcMessage() {
  return "Invalid Request: the message is not a JSON-RPC 2.0 request, notification or response";
}
function messageTooLarge(maxBytes) {
  return `Invalid Request: a message may be at most ${maxBytes} bytes; this one was skipped`;
}
var MCP_USAGE = [
  "usage: guilds-code-mcp [--home DIR] [--max-bytes N] [--no-read-pointers] [--structured-content]",
  "",
  "  --home DIR           the folder the tools work in; every path is confined to it (default: the client's",
  "                       first root when it lists roots, else the current folder)",
  "  --max-bytes N        the byte cap of a tool result, 1024 to 65536 (default: 8192)",
  "  --no-read-pointers   a repeated read of an unchanged file returns its text again, not a pointer",
  "  --structured-content each result's meta as structuredContent, with output schemas (some clients then",
  "                       give the model that JSON instead of the text); by default the meta is in _meta",
  "",
  "A stdio MCP server with the tools shell, shell_status, file_read and code_search, and code_task when",
  "GUILDS_HARNESS names a harness. GUILD_REPO_TOKENS (a JSON object from folder to token) gives a command",
  "GH_TOKEN for the folder holding its working directory."
].join("\n");
function rootRefused(uri, reason) {
  return startFailure(`the client's root ${uri} is ${reason}; ignored`);
}
function rootOutsideHome(uri, home) {
  return startFailure(`the client's root ${uri} is outside the home ${home} (--home); ignored`);
}
function rootsUnanswered(reason, home) {
  return startFailure(`the client did not list its roots (${reason}); the home stays ${home}`);
}
function homeFromRoots(home, fromRoot) {
  return startFailure(fromRoot ? `the home is ${home}, the client's first root` : `the home is ${home}, the working directory (no root of the client's is a local folder)`);
}
function startFailure(reason) {
  return `guilds-code-mcp: ${reason}`;
}

// src/io/node/identity.ts
var import_node_fs = require("node:fs");
function actingAsAgent() {
  if (process.getuid?.() !== 0) return null;
  const uid = process.geteuid();
  return uid === 0 ? null : { uid, gid: process.getegid() };
}
function agentOwningHome(home) {
  if (process.getuid?.() !== 0 || home === void 0 || home === "" || home.includes("\0")) return null;
  try {
    const { uid, gid } = (0, import_node_fs.statSync)(home);
    return uid === 0 ? null : { uid, gid };
  } catch {
    return null;
  }
}
function actAs(agent) {
  if (process.geteuid() !== 0) process.seteuid(0);
  process.setgroups([agent.gid]);
  process.setegid(agent.gid);
  process.seteuid(agent.uid);
}
function asRootWhile(agent, start2) {
  process.seteuid(0);
  try {
    return start2();
  } finally {
    process.seteuid(agent.uid);
  }
}

// src/io/node/group-guard.ts
var import_node_fs5 = require("node:fs");

// src/io/group-guard.ts
var GUARD_LIST_FD = 3;
function guardListText(groupIds, minChars) {
  return [...groupIds].join(" ").padEnd(minChars, " ");
}
function guardArguments(graceSeconds2) {
  return ["--norc", "-c", GROUP_GUARD_SCRIPT, "guilds-guard", String(graceSeconds2)];
}
var GROUP_GUARD_SCRIPT = [
  "exec >/dev/null 2>&1",
  "while IFS= read -r _; do :; done",
  `read -r -d '' -a listed <&${GUARD_LIST_FD}`,
  'groups=(); for id in "${listed[@]}"; do [[ $id =~ ^[1-9][0-9]*$ ]] && builtin kill -0 "$id" && groups+=("$id"); done',
  "(( ${#groups[@]} )) || exit 0",
  "trap '' TERM",
  'for id in "${groups[@]}"; do builtin kill -TERM "$id"; builtin kill -TERM -- "-$id"; done',
  'sleep "$1"',
  'for id in "${groups[@]}"; do builtin kill -KILL -- "-$id"; done'
].join("\n");

// src/io/node/scratch-file.ts
var import_node_fs3 = require("node:fs");

// src/io/node/process.ts
var import_node_fs2 = require("node:fs");
var STAT_STATE_INDEX = 0;
var STAT_PARENT_INDEX = 1;
var STAT_PROCESS_GROUP_INDEX = 2;
var STAT_SESSION_INDEX = 3;
var STAT_START_TICKS_INDEX = 19;
var temporaryCounter = 0;
function temporaryPathBeside(path) {
  return `${path}.${process.pid}.${++temporaryCounter}.tmp`;
}
function processUids(pid) {
  let text2;
  try {
    text2 = (0, import_node_fs2.readFileSync)(`/proc/${pid}/status`, "latin1");
  } catch {
    return null;
  }
  return parseUidLine(text2);
}
function parseUidLine(status) {
  const line = /^Uid:\s+(\d+)\s+\d+\s+(\d+)/m.exec(status);
  return line === null ? null : { real: Number(line[1]), saved: Number(line[2]) };
}
function mayReach(pid, group) {
  const agentUid = process.getuid?.() === 0 ? process.geteuid() : 0;
  if (agentUid === 0) return true;
  const uids = processUids(pid);
  if (uids === null) return group;
  return uids.real === agentUid || uids.saved === agentUid;
}
function sendSignal(target, signal) {
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}
function signalProcess(pid, signal) {
  return Number.isInteger(pid) && pid > 1 && mayReach(pid, false) && sendSignal(pid, signal);
}
function signalProcessGroup(processGroup, signal) {
  return Number.isInteger(processGroup) && processGroup > 1 && mayReach(processGroup, true) && sendSignal(-processGroup, signal);
}
function parseProcessStat(pid, text2) {
  const close = text2.lastIndexOf(")");
  if (close === -1) return null;
  const fields = text2.slice(close + 2).trim().split(" ");
  const startTicks = fields[STAT_START_TICKS_INDEX];
  if (startTicks === void 0 || !/^\d+$/.test(startTicks)) return null;
  return {
    pid,
    state: fields[STAT_STATE_INDEX] ?? "?",
    parent: Number(fields[STAT_PARENT_INDEX]),
    processGroup: Number(fields[STAT_PROCESS_GROUP_INDEX]),
    session: Number(fields[STAT_SESSION_INDEX]),
    startTicks
  };
}
function readProcessStat(pid) {
  let text2;
  try {
    text2 = (0, import_node_fs2.readFileSync)(`/proc/${pid}/stat`, "latin1");
  } catch {
    return null;
  }
  return parseProcessStat(pid, text2);
}
function listProcessIds() {
  return (0, import_node_fs2.readdirSync)("/proc").filter((name) => /^[1-9][0-9]*$/.test(name)).map(Number);
}
function isRunningState(state) {
  return state !== "Z" && state !== "X";
}

// src/io/node/scratch-file.ts
var SCRATCH_OPEN_FLAGS = import_node_fs3.constants.O_RDWR | import_node_fs3.constants.O_CREAT | import_node_fs3.constants.O_EXCL | import_node_fs3.constants.O_NOFOLLOW;
function scratchFolder() {
  return process.env.TMPDIR?.startsWith("/") ? process.env.TMPDIR : "/tmp";
}
function openScratchFile(name, folder = scratchFolder()) {
  const path = temporaryPathBeside(`${folder.replace(/\/+$/, "")}/${name}`);
  let fd;
  try {
    fd = (0, import_node_fs3.openSync)(path, SCRATCH_OPEN_FLAGS, 384);
  } catch {
    return null;
  }
  try {
    (0, import_node_fs3.unlinkSync)(path);
  } catch {
    (0, import_node_fs3.closeSync)(fd);
    return null;
  }
  return fd;
}

// src/io/node/spawn.ts
var import_node_fs4 = require("node:fs");

// src/io/node/modules.ts
var nodeRequire = (id) => typeof require === "function" ? require(id) : process.getBuiltinModule(id);
function loadCrypto() {
  return nodeRequire("node:crypto");
}
function loadChildProcess() {
  return nodeRequire("node:child_process");
}
function loadOs() {
  return nodeRequire("node:os");
}

// src/io/node/spawn.ts
function spawnChild(file, args, options) {
  const spawn2 = loadChildProcess().spawn;
  const how = { cwd: options.cwd, env: options.env, stdio: options.stdio, detached: options.detached };
  const agent = actingAsAgent();
  if (agent === null) return withChildOomScore(() => spawn2(file, args, how));
  if (options.entersFolderItself === true) {
    const itself = { ...how, cwd: "/", uid: agent.uid, gid: agent.gid };
    return asRootWhile(agent, () => withChildOomScore(() => spawn2(file, args, itself)));
  }
  const direct = startedInOpenFolder(file, args, how, agent);
  if (direct !== null) return direct;
  const entering = enteringFolder(how.cwd, how.stdio);
  const argv = ["-c", ENTER_THEN_EXEC_SCRIPT, "sh", entering.folder, entering.passedFd, file, ...args];
  const as = { ...how, stdio: entering.stdio, cwd: "/", uid: agent.uid, gid: agent.gid };
  return asRootWhile(agent, () => withChildOomScore(() => spawn2(ENTER_THEN_EXEC_SHELL, argv, as)));
}
function startedInOpenFolder(file, args, how, agent) {
  const open2 = OPEN_FOLDER.exec(how.cwd);
  if (open2 === null) return null;
  let folder;
  try {
    folder = (0, import_node_fs4.fstatSync)(Number(open2[1]));
  } catch {
    return null;
  }
  if (!rootMayEnter(folder, agent.gid)) return null;
  const as = { ...how, uid: agent.uid, gid: agent.gid };
  let child;
  try {
    child = asRootWhile(agent, () => withChildOomScore(() => loadChildProcess().spawn(file, args, as)));
  } catch {
    return null;
  }
  if (child.pid !== void 0) return child;
  child.on("error", () => void 0);
  return null;
}
function rootMayEnter(folder, agentGid) {
  const bit = folder.uid === 0 ? 64 : folder.gid === agentGid ? 8 : 1;
  return (folder.mode & bit) !== 0;
}
var ENTER_THEN_EXEC_SHELL = "/bin/sh";
var ENTER_THEN_EXEC_SCRIPT = 'cd -- "$1" || exit; [ -z "$2" ] || eval "exec $2<&-"; shift 2; exec "$@"';
var OPEN_FOLDER = /^\/proc\/self\/fd\/([0-9]+)$/;
function enteringFolder(cwd, stdio) {
  const open2 = OPEN_FOLDER.exec(cwd);
  if (open2 === null) return { folder: cwd, passedFd: "", stdio };
  const slots = typeof stdio === "string" ? [stdio, stdio, stdio] : [...stdio];
  const slot = slots.length;
  return { folder: `/proc/self/fd/${slot}`, passedFd: String(slot), stdio: [...slots, Number(open2[1])] };
}
var CHILD_OOM_SCORE_ADJ = 500;
var OWN_OOM_SCORE = "/proc/self/oom_score_adj";
var ownScoreFile;
var scoreBuffer = Buffer.alloc(16);
function ownScoreDescriptor() {
  if (ownScoreFile === void 0) {
    try {
      ownScoreFile = (0, import_node_fs4.openSync)(OWN_OOM_SCORE, "r+");
    } catch {
      ownScoreFile = null;
    }
  }
  return ownScoreFile;
}
function readOwnScore(fd) {
  return scoreBuffer.toString("latin1", 0, (0, import_node_fs4.readSync)(fd, scoreBuffer, 0, scoreBuffer.length, 0)).trim();
}
function withChildOomScore(start2) {
  const fd = ownScoreDescriptor();
  let own2 = null;
  if (fd !== null) {
    try {
      const current = readOwnScore(fd);
      if (Number(current) < CHILD_OOM_SCORE_ADJ) {
        (0, import_node_fs4.writeSync)(fd, String(CHILD_OOM_SCORE_ADJ), 0);
        own2 = current;
      }
    } catch {
      own2 = null;
    }
  }
  try {
    return start2();
  } finally {
    if (own2 !== null) {
      try {
        (0, import_node_fs4.writeSync)(fd, own2, 0);
      } catch {
      }
    }
  }
}

// src/io/node/group-guard.ts
var live = /* @__PURE__ */ new Set();
var graceSeconds = null;
var listFd = null;
var listChars = 0;
var stdin = null;
var GUARD_ENV = { PATH: "/usr/local/bin:/usr/bin:/bin" };
function start() {
  if (graceSeconds === null || listFd === null) return;
  try {
    const stdio = ["pipe", "ignore", "ignore"];
    stdio[GUARD_LIST_FD] = listFd;
    const child = spawnChild("bash", guardArguments(graceSeconds), { cwd: "/", env: GUARD_ENV, stdio, detached: true, entersFolderItself: true });
    const input = child.stdin;
    input.on("error", () => void 0);
    child.once("exit", () => {
      if (stdin === input) stdin = null;
    });
    child.unref();
    input.unref();
    stdin = input;
  } catch {
    stdin = null;
  }
}
function writeList() {
  if (listFd === null) return;
  const text2 = guardListText(live, listChars);
  try {
    (0, import_node_fs5.writeSync)(listFd, text2, 0, "latin1");
    listChars = text2.length;
  } catch {
  }
}
var GUARD_LIST_NAME = "guilds-guard-list";
function guardGroupsOfThisProcess(killGraceMs) {
  if (graceSeconds !== null) return;
  graceSeconds = Math.ceil(killGraceMs / 1e3);
  const home = process.env.HOME;
  listFd = openScratchFile(GUARD_LIST_NAME) ?? (home?.startsWith("/") ? openScratchFile(GUARD_LIST_NAME, home) : null);
  start();
}
function guardGroup(groupId) {
  if (graceSeconds === null) return;
  live.add(groupId);
  writeList();
  if (stdin === null) start();
}
function releaseGroup(groupId) {
  if (!live.delete(groupId)) return;
  writeList();
}

// src/mcp/in-process-runner.ts
var import_node_fs18 = require("node:fs");

// src/text/clip.ts
var CLIP_MARK = "\u2026";
function clipChars(text2, maxChars) {
  return codePointCount(text2) > maxChars ? firstCodePoints(text2, maxChars) + CLIP_MARK : text2;
}
function clipCharsWithin(text2, maxChars) {
  return codePointCount(text2) > maxChars ? firstCodePoints(text2, maxChars - 1) + CLIP_MARK : text2;
}
function joinedLines(text2) {
  return text2.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim();
}

// src/contract/envelope.ts
function okEnvelope(text2, meta2) {
  return { ok: true, text: text2, meta: meta2 };
}
function errorEnvelope(message, kind) {
  return { ok: false, error: oneLine(message), kind };
}
var CLIPPED_ERROR_MARKER = "\u2026";
function oneLine(message) {
  const line = joinedLines(message);
  if (line === "") return "unknown error";
  if (utf8Bytes(line) <= ERROR_MAX_BYTES) return line;
  return prefixWithinBytes(line, ERROR_MAX_BYTES - utf8Bytes(CLIPPED_ERROR_MARKER)) + CLIPPED_ERROR_MARKER;
}
function describeFailure(error2) {
  if (error2 instanceof ToolError) return { message: error2.message, kind: error2.kind };
  if (error2 instanceof Error) {
    const code2 = error2.code;
    const prefix = typeof code2 === "string" && !error2.message.includes(code2) ? `${code2}: ` : "";
    return { message: `internal error: ${prefix}${error2.message}`, kind: "internal" };
  }
  return { message: `internal error: ${String(error2)}`, kind: "internal" };
}
function failureEnvelope(error2) {
  const { message, kind } = describeFailure(error2);
  return errorEnvelope(message, kind);
}

// src/contract/ids.ts
var ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
function isValidId(text2) {
  return text2.length >= 1 && text2.length <= ID_MAX_CHARS && ID_PATTERN.test(text2) && text2 !== "." && text2 !== "..";
}

// src/contract/request-file.ts
function runDirFrom(env) {
  return normalizeAbsolute(env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
}
function requestsFolderOf(runDir) {
  return joinPath(runDir, "requests");
}
var REQUEST_FILE_SUFFIX = ".json";
function isRequestFileName(name) {
  if (!name.endsWith(REQUEST_FILE_SUFFIX)) return false;
  const stem = name.slice(0, -REQUEST_FILE_SUFFIX.length);
  if (!ID_PATTERN.test(stem)) return false;
  for (let dash = stem.indexOf("-"); dash !== -1; dash = stem.indexOf("-", dash + 1)) {
    if (isValidId(stem.slice(0, dash)) && isValidId(stem.slice(dash + 1))) return true;
  }
  return false;
}
function requestFilePlace(runDir, path) {
  const folder = requestsFolderOf(runDir);
  if (path.includes("\0") || normalizeAbsolute(path) !== path || dirName(path) !== folder) return { refused: "outside" };
  const name = baseName(path);
  return isRequestFileName(name) ? { folder, name } : { refused: "misnamed" };
}
var NOT_ROOTS_CODE = "ENOTROOTS";

// src/io/node/home.ts
var import_node_fs6 = require("node:fs");

// src/io/home-reach.ts
var WRITABLE_BY_GROUP_OR_OTHERS = 18;
function homeIsPinned(chain, agentUid) {
  if (agentUid === 0 || chain.length < 2) return false;
  const home = chain[chain.length - 1];
  const parent = chain[chain.length - 2];
  if (!home.isDirectory || home.dev === parent.dev) return false;
  return chain.slice(0, -1).every((folder) => folder.isDirectory && folder.uid === 0 && (folder.mode & WRITABLE_BY_GROUP_OR_OTHERS) === 0);
}
function foldersDownTo(path) {
  const names = path.split("/").filter((name) => name !== "");
  return ["/", ...names.map((_, index) => `/${names.slice(0, index + 1).join("/")}`)];
}

// src/io/node/home.ts
function homeFolder(named) {
  if (!named || !named.startsWith("/")) throw homeNotAbsolute();
  let real;
  try {
    real = import_node_fs6.realpathSync.native(named);
  } catch {
    throw homeMissing(named);
  }
  if (!(0, import_node_fs6.statSync)(real).isDirectory()) throw homeNotAFolder(named);
  return real;
}
function pinnedHome(home) {
  const chain = [];
  for (const folder of foldersDownTo(home)) {
    const look = (0, import_node_fs6.lstatSync)(folder, { throwIfNoEntry: false });
    if (look === void 0) return false;
    chain.push({ isDirectory: look.isDirectory(), dev: look.dev, uid: look.uid, mode: look.mode });
  }
  return homeIsPinned(chain, process.geteuid?.() ?? 0);
}
var HomeFolders = class {
  resolved = /* @__PURE__ */ new Map();
  folder(named) {
    const known = named === void 0 ? void 0 : this.resolved.get(named);
    if (known !== void 0) {
      if (known.pinned === true) return known.path;
      if ((0, import_node_fs6.lstatSync)(known.path, { throwIfNoEntry: false })?.isDirectory() === true) {
        known.pinned ??= known.path === named && pinnedHome(known.path);
        return known.path;
      }
    }
    const real = homeFolder(named);
    if (this.resolved.size >= HOMES_KEPT) this.resolved.clear();
    this.resolved.set(named, { path: real, pinned: void 0 });
    return real;
  }
};

// src/io/progress-sink.ts
var NO_PROGRESS = { wanted: false, elapsedMs: () => 0, report: () => 0 };

// src/io/stop.ts
var CallStop = class {
  // Made when a part first asks for the signal: Node loads its AbortController module on first use,
  // about 2.4 million instructions (2.5 % of `node -e 0`), and file_read and shell_status never listen.
  controller = null;
  /** The first abort's signal, kept for a controller made after it. */
  reason = null;
  /** What listenForStop registered: called without an EventTarget, which costs a shell call 2 million instructions. */
  listeners = /* @__PURE__ */ new Set();
  takers = 0;
  get signal() {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.reason !== null) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
  take() {
    this.takers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.takers -= 1;
    };
  }
  /** Whether some part of the call answers its stop itself right now. */
  get taken() {
    return this.takers > 0;
  }
  /** Aborts the call's signal (once); whether a part of the call answers the stop itself. */
  abort(signal) {
    if (this.reason === null) {
      this.reason = signal;
      this.controller?.abort(signal);
      for (const listener of [...this.listeners]) callAsEventTargetDoes(listener);
      this.listeners.clear();
    }
    return this.taken;
  }
  /** listenForStop for a CallStop: the listener is called once, at the abort or at once after it. */
  listen(listener) {
    if (this.reason !== null) {
      queueMicrotask(listener);
      return () => void 0;
    }
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
};
function callAsEventTargetDoes(listener) {
  try {
    listener();
  } catch (error2) {
    queueMicrotask(() => {
      throw error2;
    });
  }
}
function listenForStop(stop, listener) {
  if (stop instanceof CallStop) return stop.listen(listener);
  if (stop.signal.aborted) {
    queueMicrotask(listener);
    return () => void 0;
  }
  stop.signal.addEventListener("abort", listener, { once: true });
  return () => stop.signal.removeEventListener("abort", listener);
}
function stopSignalOf(stop) {
  return stop.signal.reason === "SIGINT" ? "SIGINT" : "SIGTERM";
}
var NEVER_STOPPED = new CallStop();

// src/workspace/jobs.ts
var BACKGROUND_ID_PATTERN = /^b([1-9][0-9]{0,8})$/;
var RECORD_FILE_PATTERN = /^b([1-9][0-9]{0,8})\.json$/;
var JOB_MARKER_VARIABLE = "GUILDS_BACKGROUND_JOB";
var EXIT_STATUS_PATTERN = /^([0-9]{1,3})\n?$/;
var EXIT_STATUS_MAX = 255;
function backgroundFolder(io, agentId) {
  return joinPath(joinPath(io.runDir, agentId), "background");
}
function recordPath(folder, id) {
  return joinPath(folder, `${id}.json`);
}
function exitPath(folder, id) {
  return joinPath(folder, `${id}.exit`);
}
function stopPath(folder, id) {
  return joinPath(folder, `${id}.stop`);
}
function killedPath(folder, id) {
  return joinPath(folder, `${id}.killed`);
}
function jobMarker(folder, id) {
  return `${JOB_MARKER_VARIABLE}=${recordPath(folder, id)}`;
}
function jobFolderNames(io, folder) {
  try {
    return io.fs.stat(folder) === null ? [] : io.fs.listFolder(folder);
  } catch {
    return [];
  }
}
function recordedJobNumbers(io, folder) {
  const names = jobFolderNames(io, folder);
  const numbers = [];
  for (const name of names) {
    const match = RECORD_FILE_PATTERN.exec(name);
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}
var JOB_FILE_PATTERN = /^b([1-9][0-9]{0,8})\.(?:json|exit|stop|killed)$/;
function highestJobNumber(io, folder) {
  const names = jobFolderNames(io, folder);
  let highest = 0;
  for (const name of names) {
    const match = JOB_FILE_PATTERN.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}
function readSmallFile(io, path, maxBytes) {
  const info = io.fs.lstat(path);
  if (info === null || info.kind !== "file" || info.size > maxBytes) return null;
  try {
    return new TextDecoder().decode(io.fs.readFile(path));
  } catch {
    return null;
  }
}
function isWholeNumber(value) {
  return typeof value === "number" && Number.isSafeInteger(value);
}
function validateRecord(io, id, value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "unreadable";
  const record2 = value;
  if (record2.id !== id) return "unreadable";
  for (const field of ["command", "cwd", "log_path", "run_id", "call_id"]) {
    if (typeof record2[field] !== "string") return "unreadable";
  }
  if (!isWholeNumber(record2.started_at_ms)) return "unreadable";
  const logPath = record2.log_path;
  if (!logPath.startsWith("/") || logPath.includes("\0") || normalizeAbsolute(logPath) !== logPath || !isInside(logPath, runsFolder(io)) || logPath === runsFolder(io)) {
    return "outside_folders";
  }
  const pid = record2.pid;
  if (pid !== null) {
    if (!isWholeNumber(pid) || pid <= 1 || record2.process_group !== pid) return "unreadable";
    if (record2.start_ticks !== null && (typeof record2.start_ticks !== "string" || !/^[0-9]+$/.test(record2.start_ticks))) {
      return "unreadable";
    }
  }
  return {
    id,
    command: record2.command,
    cwd: record2.cwd,
    log_path: logPath,
    run_id: record2.run_id,
    call_id: record2.call_id,
    started_at_ms: record2.started_at_ms,
    pid,
    process_group: pid,
    start_ticks: pid === null ? null : record2.start_ticks ?? null
  };
}
function readJobFiles(io, folder, id) {
  const number3 = Number(BACKGROUND_ID_PATTERN.exec(id)?.[1] ?? NaN);
  const path = recordPath(folder, id);
  if (io.fs.lstat(path) === null) return null;
  const files = { id, number: number3, record: null, exitCode: null, endedAtMs: null, stopRequestedAtMs: null };
  const text2 = readSmallFile(io, path, JOB_RECORD_MAX_BYTES);
  let parsed = void 0;
  try {
    parsed = text2 === null ? void 0 : JSON.parse(text2);
  } catch {
    parsed = void 0;
  }
  const record2 = validateRecord(io, id, parsed);
  if (typeof record2 === "string") files.problem = record2;
  else files.record = record2;
  const exit = exitPath(folder, id);
  const status = EXIT_STATUS_PATTERN.exec(readSmallFile(io, exit, JOB_STATUS_FILE_MAX_BYTES) ?? "");
  if (status && Number(status[1]) <= EXIT_STATUS_MAX) {
    files.exitCode = Number(status[1]);
    files.endedAtMs = io.fs.lstat(exit)?.mtimeMs ?? null;
  } else {
    files.endedAtMs = io.fs.lstat(killedPath(folder, id))?.mtimeMs ?? null;
  }
  const stop = io.fs.lstat(stopPath(folder, id));
  if (stop !== null) {
    const written = Date.parse(readSmallFile(io, stopPath(folder, id), JOB_STATUS_FILE_MAX_BYTES)?.trim() ?? "");
    files.stopRequestedAtMs = Number.isFinite(written) ? written : stop.mtimeMs;
  }
  return files;
}
var ProcessTable = class {
  constructor(io) {
    this.io = io;
  }
  io;
  byGroup = null;
  leaderState(record2, marker) {
    const { background } = this.io;
    if (record2.pid === null || record2.start_ticks === null) return "stranger";
    if (record2.pid === background.ownPid) return "stranger";
    const stat = background.processStat(record2.pid);
    if (stat === null) return "gone";
    if (stat.startTicks !== record2.start_ticks || stat.processGroup !== record2.pid || stat.session !== record2.pid) {
      return "stranger";
    }
    if (stat.state === "Z") return "zombie";
    return background.environmentHas(record2.pid, marker) ? "alive" : "stranger";
  }
  /** Live members of the group other than its leader that carry the job's marker. */
  liveMembers(record2, marker) {
    return this.liveMemberStats(record2, marker).map((stat) => stat.pid);
  }
  /** The job's shell: the live members the supervisor started itself (its children in the group). */
  shells(record2, marker) {
    return this.liveMemberStats(record2, marker).filter((stat) => stat.parent === record2.pid).map((stat) => stat.pid);
  }
  liveMemberStats(record2, marker) {
    if (record2.pid === null) return [];
    if (!this.io.background.groupExists(record2.pid)) return [];
    const { background } = this.io;
    const stats = [];
    for (const pid of this.groupMembers(record2.pid)) {
      if (pid === record2.pid || pid === background.ownPid) continue;
      const stat = background.processStat(pid);
      if (stat !== null && stat.state !== "Z" && stat.processGroup === record2.pid && stat.session === record2.pid && background.environmentHas(pid, marker)) {
        stats.push(stat);
      }
    }
    return stats;
  }
  /** Whether any process of the job is alive, and whether its group may be signalled. */
  jobAlive(record2, marker) {
    const leader = this.leaderState(record2, marker);
    if (leader === "alive") return true;
    if (leader === "stranger") return false;
    return this.liveMembers(record2, marker).length > 0;
  }
  groupMembers(group) {
    if (this.byGroup === null) {
      this.byGroup = /* @__PURE__ */ new Map();
      for (const pid of this.io.background.listProcesses()) {
        const stat = this.io.background.processStat(pid);
        if (stat === null) continue;
        const list = this.byGroup.get(stat.processGroup) ?? [];
        list.push(pid);
        this.byGroup.set(stat.processGroup, list);
      }
    }
    return this.byGroup.get(group) ?? [];
  }
  /** Forget what was read, so that the next question reads /proc again. */
  refresh() {
    this.byGroup = null;
  }
};
function deriveState(files, record2, alive) {
  if (files.stopRequestedAtMs !== null) return alive ? { kind: "stopping" } : { kind: "stopped" };
  if (files.exitCode !== null) return { kind: "exited", exitCode: files.exitCode };
  if (record2.pid === null) return { kind: "ended" };
  return alive ? { kind: "running" } : { kind: "ended" };
}
function endTime(io, files, record2, alive, now) {
  if (files.exitCode !== null && files.endedAtMs !== null) return files.endedAtMs;
  if (alive) return now;
  if (files.endedAtMs !== null) return files.endedAtMs;
  const lastOutput = io.fs.lstat(record2.log_path)?.mtimeMs ?? record2.started_at_ms;
  return Math.max(record2.started_at_ms, lastOutput, files.stopRequestedAtMs ?? 0);
}
function jobStatus(io, folder, files, table) {
  const record2 = files.record;
  if (record2 === null) return null;
  const alive = record2.pid !== null && table.jobAlive(record2, jobMarker(folder, files.id));
  const current = !alive && files.exitCode === null ? readJobFiles(io, folder, files.id) ?? files : files;
  const now = io.now();
  const elapsedMs = Math.max(0, endTime(io, current, record2, alive, now) - record2.started_at_ms);
  return { files: current, record: record2, state: deriveState(current, record2, alive), alive, elapsedMs };
}

// src/workspace/runs.ts
function foldersInUse(io, agentId) {
  const folder = backgroundFolder(io, agentId);
  const table = new ProcessTable(io);
  const inUse = [];
  for (const number3 of recordedJobNumbers(io, folder)) {
    const id = `b${number3}`;
    const record2 = readJobFiles(io, folder, id)?.record;
    if (record2 && record2.pid !== null && table.jobAlive(record2, jobMarker(folder, id))) inUse.push(record2.log_path);
  }
  return inUse;
}
function pruneRuns(io, agentId, keep) {
  const root = runsFolder(io);
  if (io.fs.lstat(root)?.kind !== "folder") return [];
  let names;
  try {
    names = io.fs.listFolder(root);
  } catch {
    return [];
  }
  const runs = [];
  for (const name of names) {
    if (!isValidId(name)) continue;
    const path = joinPath(root, name);
    const info = io.fs.lstat(path);
    if (info?.kind === "folder") runs.push({ path, name, mtimeMs: info.mtimeMs });
  }
  if (runs.length <= keep) return [];
  runs.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const candidates = runs.slice(keep);
  const logsInUse = foldersInUse(io, agentId);
  const removed = [];
  for (const run of candidates) {
    if (logsInUse.some((log) => isInside(log, run.path))) continue;
    io.fs.removeTree(run.path);
    removed.push(run.path);
  }
  return removed;
}
function noteRunUse(io, runId, agentId) {
  const folder = runFolder(io, runId);
  const marks = io.runUseMarks;
  const now = marks === void 0 ? 0 : io.now();
  const markedAt = marks?.get(folder);
  if (markedAt !== void 0 && now >= markedAt && now - markedAt < RUN_USE_MARK_INTERVAL_MS) return;
  try {
    const info = io.fs.lstat(folder);
    if (info !== null) {
      if (info.kind === "folder") {
        io.fs.touch(folder);
        rememberMark(marks, folder, now);
      }
      return;
    }
    pruneRuns(io, agentId, RUNS_KEPT_COUNT - 1);
    io.fs.makeFolder(folder);
  } catch {
  }
}
function rememberMark(marks, folder, now) {
  if (marks === void 0) return;
  if (marks.size >= RUN_USE_MARKS_KEPT) marks.clear();
  marks.set(folder, now);
}

// src/contract/encoding.ts
var STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/contract/registry.ts
var TOOL_REGISTRY = [
  { name: "shell", helper: "guilds-code", cacheKinds: ["shell", "shell-background"] },
  { name: "shell_status", helper: "guilds-code", cacheKinds: ["shell_status"] },
  { name: "file_read", helper: "guilds-code", cacheKinds: ["file_read", "other"] },
  { name: "code_search", helper: "guilds-code", cacheKinds: ["code_search"] },
  { name: "code_task", helper: "guilds-harness", cacheKinds: ["code_task", "other"] }
];
var OP_NAMES = TOOL_REGISTRY.map((row) => row.name);
var HELPER_OF_TOOL = Object.fromEntries(
  TOOL_REGISTRY.map((row) => [row.name, row.helper])
);

// src/contract/live-calls.ts
var STEP_KINDS = ["message", "tool", "edit", "command", "error"];
var progressReasons = {
  notProgress: `progress must be true, false or {"heartbeat_ms": N} with N a whole number from ${PROGRESS_HEARTBEAT_MIN_MS} to ${PROGRESS_HEARTBEAT_MAX_MS}`
};
function progressAskOf(value) {
  if (value === void 0 || value === null || value === false) return null;
  if (value === true) return { heartbeatMs: PROGRESS_HEARTBEAT_DEFAULT_MS };
  if (!isPlainObject(value)) throw invalidRequest(progressReasons.notProgress);
  const keys = Object.keys(value);
  if (keys.some((key) => key !== "heartbeat_ms")) throw invalidRequest(progressReasons.notProgress);
  const given = value.heartbeat_ms;
  if (given === void 0 || given === null) return { heartbeatMs: PROGRESS_HEARTBEAT_DEFAULT_MS };
  if (typeof given !== "number" || !Number.isInteger(given) || given < PROGRESS_HEARTBEAT_MIN_MS || given > PROGRESS_HEARTBEAT_MAX_MS) {
    throw invalidRequest(progressReasons.notProgress);
  }
  return { heartbeatMs: given };
}
function progressField(ask) {
  return ask.heartbeatMs === PROGRESS_HEARTBEAT_DEFAULT_MS ? true : { heartbeat_ms: ask.heartbeatMs };
}
function isCount(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
function progressEventOf(value) {
  if (!isPlainObject(value) || !isCount(value.elapsed_ms)) return null;
  const elapsed_ms = value.elapsed_ms;
  switch (value.type) {
    case "heartbeat":
      return { type: "heartbeat", elapsed_ms };
    case "output": {
      if (typeof value.text !== "string" || !isCount(value.bytes)) return null;
      const event = { type: "output", elapsed_ms, text: value.text, bytes: value.bytes };
      if (value.skipped_bytes !== void 0) {
        if (!isCount(value.skipped_bytes)) return null;
        event.skipped_bytes = value.skipped_bytes;
      }
      return event;
    }
    case "step": {
      const kind = value.kind;
      if (typeof kind !== "string" || !STEP_KINDS.includes(kind)) return null;
      if (typeof value.text !== "string" || [...value.text].length > PROGRESS_STEP_MAX_CHARS || value.text.includes("\n")) return null;
      return { type: "step", elapsed_ms, kind, text: value.text };
    }
    default:
      return null;
  }
}
function parseProgressObject(value) {
  if (!Object.hasOwn(value, "progress") || typeof value.call_id !== "string") return null;
  const event = progressEventOf(value.progress);
  return event === null ? null : { callId: value.call_id, event };
}

// src/contract/telemetry.ts
var TRACEPARENT_VARIABLE = "TRACEPARENT";
var TRACESTATE_VARIABLE = "TRACESTATE";
var TIMINGS_META_FIELD = "timings_us";
var ELIDED_BYTES_META_FIELD = "elided_bytes";
var telemetryReasons = {
  notTelemetry: "telemetry must be true or false",
  notTraceparent: "traceparent must be a W3C traceparent: 00-<32 hex digits>-<16 hex digits>-<2 hex digits>, ids not all zeros",
  notTracestate: `tracestate must be at most ${TRACESTATE_MAX_CHARS} printable ASCII characters, and comes only with a traceparent`
};
var TRACEPARENT_PATTERN = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
var PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
function isTraceparent(text2) {
  const match = TRACEPARENT_PATTERN.exec(text2);
  if (match === null) return false;
  const [, version2, traceId, parentId] = match;
  if (version2 === "ff" || version2 === "00" && match[5] !== void 0) return false;
  return !/^0+$/.test(traceId) && !/^0+$/.test(parentId);
}
function telemetryAskOf(value) {
  if (value === void 0 || value === null || value === false) return false;
  if (value === true) return true;
  throw invalidRequest(telemetryReasons.notTelemetry);
}
function traceContextOf(traceparent, tracestate) {
  const noState = tracestate === void 0 || tracestate === null;
  if (traceparent === void 0 || traceparent === null) {
    if (!noState) throw invalidRequest(telemetryReasons.notTracestate);
    return null;
  }
  if (typeof traceparent !== "string" || !isTraceparent(traceparent)) throw invalidRequest(telemetryReasons.notTraceparent);
  if (noState) return { traceparent };
  if (typeof tracestate !== "string" || tracestate.length > TRACESTATE_MAX_CHARS || !PRINTABLE_ASCII.test(tracestate)) {
    throw invalidRequest(telemetryReasons.notTracestate);
  }
  return tracestate === "" ? { traceparent } : { traceparent, tracestate };
}
function microseconds(ms) {
  return Math.max(0, Math.round(ms * 1e3));
}
function helperTimings(origin, runStart, runEnd, shaped) {
  return { start: microseconds(runStart - origin), run: microseconds(runEnd - runStart), shape: microseconds(shaped - runEnd) };
}
function helperTimingsOf(meta2) {
  const value = meta2[TIMINGS_META_FIELD];
  if (typeof value !== "object" || value === null) return null;
  const { start: start2, run, shape } = value;
  const count = (n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  return count(start2) && count(run) && count(shape) ? { start: start2, run, shape } : null;
}

// src/contract/call-env.ts
function envChange(from, to) {
  const change = {};
  for (const [name, value] of Object.entries(to)) if (from[name] !== value) change[name] = value;
  for (const name of Object.keys(from)) if (!Object.hasOwn(to, name)) change[name] = null;
  return Object.keys(change).length === 0 ? null : change;
}
function envChangeOf(value) {
  if (value === void 0 || value === null) return void 0;
  if (!isPlainObject(value)) throw invalidRequest(requestReasons.notJsonObject("env"));
  const change = {};
  for (const [name, each] of Object.entries(value)) {
    if (name === "" || name.includes("=") || name.includes("\0")) throw invalidRequest(requestReasons.envName);
    if (each !== null && (typeof each !== "string" || each.includes("\0"))) throw invalidRequest(requestReasons.envValue);
    change[name] = each;
  }
  return change;
}

// src/contract/request.ts
function decodeBase64Strict(text2) {
  if (text2.length === 0) throw invalidRequest(requestReasons.emptyArgument);
  if (!STRICT_BASE64.test(text2)) throw invalidRequest(requestReasons.notBase64);
  return Buffer.from(text2, "base64");
}
var utf8Strict = new TextDecoder("utf-8", { fatal: true });
function parseRequestBytes(bytes, specs, parsed) {
  let text2;
  try {
    text2 = utf8Strict.decode(bytes);
  } catch {
    throw invalidRequest(requestReasons.notUtf8);
  }
  if (parsed !== void 0 && parsed.text === text2) return validateRequestWith(parsed.value, specs);
  let value;
  try {
    value = JSON.parse(text2);
  } catch {
    throw invalidRequest(requestReasons.notJson);
  }
  return validateRequestWith(value, specs);
}
function validId(value, field) {
  if (typeof value !== "string") throw invalidRequest(requestReasons.notString(field));
  if (!isValidId(value)) throw invalidRequest(requestReasons.notId(field));
  return value;
}
var knownOfTable = /* @__PURE__ */ new WeakMap();
function knownOf(specs) {
  let known = knownOfTable.get(specs);
  if (known === void 0) {
    known = OP_NAMES.filter((name) => specs[name] !== void 0);
    knownOfTable.set(specs, known);
  }
  return known;
}
function validateRequestWith(value, specs) {
  const known = knownOf(specs);
  if (!isPlainObject(value)) throw invalidRequest(requestReasons.notObject);
  const op = value.op;
  if (typeof op !== "string") throw invalidRequest(requestReasons.notString("op"));
  if (!known.includes(op)) {
    if (Object.hasOwn(HELPER_OF_TOOL, op)) throw invalidRequest(requestReasons.runByOtherHelper(op, HELPER_OF_TOOL[op], known));
    throw invalidRequest(requestReasons.unknownOp(op, known));
  }
  const runId = validId(value.run_id, "run_id");
  const agentId = validId(value.agent_id, "agent_id");
  const callId = validId(value.call_id, "call_id");
  let defaultCwd = "";
  if (value.default_cwd !== void 0 && value.default_cwd !== null) {
    if (typeof value.default_cwd !== "string") throw invalidRequest(requestReasons.notString("default_cwd"));
    if (value.default_cwd.includes("\0")) throw invalidRequest(requestReasons.hasNul("default_cwd"));
    defaultCwd = value.default_cwd;
  }
  let maxBytes = RESULT_DEFAULT_MAX_BYTES;
  if (value.max_bytes !== void 0 && value.max_bytes !== null) {
    if (typeof value.max_bytes !== "number" || !Number.isInteger(value.max_bytes)) throw invalidRequest(requestReasons.notWholeNumber("max_bytes"));
    maxBytes = Math.min(RESULT_CEILING_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, value.max_bytes));
  }
  const progress = progressAskOf(value.progress);
  const telemetry = telemetryAskOf(value.telemetry);
  const traceContext = traceContextOf(value.traceparent, value.tracestate);
  const env = envChangeOf(value.env);
  const rawArgs = value.args ?? {};
  if (!isPlainObject(rawArgs)) throw invalidRequest(requestReasons.notJsonObject("args"));
  const args = checkArgs(op, specs[op], rawArgs);
  const request = { op, args, runId, agentId, callId, defaultCwd, maxBytes, progress };
  if (telemetry) request.telemetry = true;
  if (traceContext !== null) request.traceContext = traceContext;
  if (env !== void 0) request.env = env;
  return request;
}
function checkArgs(op, spec, raw) {
  const args = {};
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(spec.args, key)) throw invalidArgument(op, requestReasons.unknownArgument(key, Object.keys(spec.args)));
  }
  for (const [name, arg] of Object.entries(spec.args)) {
    const value = raw[name];
    if (value === void 0 || value === null) {
      if (arg.required) throw invalidArgument(op, requestReasons.required(name));
      continue;
    }
    switch (arg.type) {
      case "string":
        if (typeof value !== "string") throw invalidArgument(op, requestReasons.notString(name));
        if (arg.values && !arg.values.includes(value)) throw invalidArgument(op, requestReasons.notOneOf(name, arg.values));
        break;
      case "integer":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) throw invalidArgument(op, requestReasons.notWholeNumber(name));
        break;
      case "boolean":
        if (typeof value !== "boolean") throw invalidArgument(op, requestReasons.notBoolean(name));
        break;
    }
    args[name] = value;
  }
  return args;
}

// src/contract/tools/checked.ts
function checkedWith(request, resolve2) {
  return { op: request.op, request, args: resolve2(request.op, request.args) };
}

// src/tools/context.ts
function specsOf(ops) {
  const specs = {};
  for (const name of Object.keys(ops)) specs[name] = ops[name].spec;
  return specs;
}

// src/call/request.ts
function readRequestFile(io, path, taken) {
  const place = requestFilePlace(io.runDir, path);
  if ("refused" in place) {
    throw invalidRequest(place.refused === "outside" ? requestReasons.requestFileOutside(requestsFolderOf(io.runDir)) : requestReasons.requestFileMisnamed(path));
  }
  if (taken !== void 0 && taken.path === path) {
    if ("bytes" in taken) return taken.bytes;
    throw requestFileFailure(path, taken.code);
  }
  try {
    return io.fs.takeFile(place.folder, place.name, REQUEST_FILE_MAX_BYTES);
  } catch (error2) {
    throw requestFileFailure(path, errorCode(error2));
  }
}
function requestFileFailure(path, code2) {
  switch (code2) {
    case "ENOENT":
      return invalidRequest(requestReasons.noRequestFile(path));
    case "EFBIG":
      return invalidRequest(requestReasons.requestFileTooLarge(REQUEST_FILE_MAX_BYTES));
    case "EISDIR":
    case "EFTYPE":
    case "ELOOP":
      return invalidRequest(requestReasons.requestFileNotRegular(path));
    case NOT_ROOTS_CODE:
      return invalidRequest(requestReasons.requestFileNotRoots(path));
    default:
      return invalidRequest(requestReasons.requestFileUnreadable(path, code2));
  }
}
function checkedOf(request, ops) {
  return checkedWith(request, (op, args) => ops[op].resolve(args));
}
function checkedRequest(bytes, ops, parsed) {
  let request;
  if (parsed === void 0 || "text" in parsed) request = parseRequestBytes(bytes, specsOf(ops), parsed);
  else request = validateRequestWith(parsed.value, specsOf(ops));
  return checkedOf(request, ops);
}
function decodeArgument(io, argument, ops, handedOn) {
  if (argument === void 0) throw invalidRequest(requestReasons.noArgument);
  const bytes = argument.startsWith("/") ? readRequestFile(io, argument, handedOn?.file) : decodeBase64Strict(argument);
  const checked = checkedRequest(bytes, ops, handedOn?.parsed ?? void 0);
  if (checked.request.env !== void 0) throw invalidRequest(requestReasons.envOnlyOverStream);
  return checked;
}

// src/call/host.ts
var CallHost = class {
  constructor(ops, makeIo) {
    this.ops = ops;
    this.makeIo = makeIo;
  }
  ops;
  makeIo;
  inFlight = /* @__PURE__ */ new Set();
  /** The homes this host resolved: a host that answers many calls walks a home's links once. */
  homes = new HomeFolders();
  /**
   * The call's I/O: the home as it is now, the state folder the environment names. A home that is
   * none is the call's answer.
   */
  ioFor(env) {
    let home;
    try {
      home = this.homes.folder(env.HOME);
    } catch (error2) {
      return { envelope: error2 instanceof ToolError ? failureEnvelope(error2) : errorEnvelope(error2.message, "internal") };
    }
    return { io: this.makeIo(home, runDirFrom(env), env) };
  }
  /**
   * `io`'s home and state folder with another environment: for a call whose environment differs from
   * the one `io` was made for in neither HOME nor the state folder's variable.
   */
  ioWithEnv(io, env) {
    return this.makeIo(io.home, io.runDir, env);
  }
  /**
   * A cold helper's one call, from its command-line argument (base64 JSON, or a request file; what
   * the loader took of it handed on) to its envelope. Never rejects. `origin`: as run's.
   */
  async answerArgument(env, argument, stop, handedOn, origin) {
    const made2 = this.ioFor(env);
    if ("envelope" in made2) return made2.envelope;
    let checked;
    try {
      checked = decodeArgument(made2.io, argument, this.ops, handedOn);
    } catch (error2) {
      return failureEnvelope(error2);
    }
    return this.run(made2.io, checked, stop, void 0, origin);
  }
  /**
   * The checked call's envelope. Never rejects: any fault while it runs is its answer. Its progress
   * goes to `progress` (none by default), which is closed before the answer is given. `origin`: when
   * the helper began on it (performance.now()), the start of the phases a request may ask for.
   */
  run(io, checked, stop, progress, origin) {
    return new Promise((resolve2) => {
      let settled = false;
      const call = {
        stop,
        settle: (envelope) => {
          if (settled) return;
          settled = true;
          progress?.close();
          this.inFlight.delete(call);
          resolve2(envelope);
        }
      };
      this.inFlight.add(call);
      let running;
      try {
        running = runCheckedCall(io, checked, this.ops, stop, progress, origin);
      } catch (error2) {
        running = Promise.reject(error2);
      }
      running.then(call.settle, (error2) => call.settle(failureEnvelope(error2)));
    });
  }
  /**
   * Stops a call, as SIGTERM stops a cold helper: a part that answers the stop itself does; else the
   * call answers now that it was interrupted. False when neither happened (no call in flight has this
   * stop): then the stop is the caller's to answer.
   */
  stopCall(stop, signal) {
    if (stop.abort(signal)) return true;
    for (const call of this.inFlight) {
      if (call.stop !== stop) continue;
      call.settle(failureEnvelope(interruptedBeforeAnswer(signal)));
      return true;
    }
    return false;
  }
  /**
   * A fault no call can be named for: each call in flight answers with it, as a cold helper answers
   * its one call. Returns how many did; what they started runs on, as after a cold helper's fault.
   */
  failInFlight(error2) {
    const calls = [...this.inFlight];
    for (const call of calls) call.settle(failureEnvelope(error2));
    return calls.length;
  }
};
function runTool(ops, checked, context) {
  const tool = ops[checked.op];
  return tool.run(context, checked.args);
}
function callContext(io, request, stop, progress) {
  let cwd;
  const workingDirectory = () => cwd ??= loadWorkingDirectoryOf(io, request.runId, request.defaultCwd);
  return {
    io,
    request,
    stop,
    progress,
    get cwd() {
      return workingDirectory().folder;
    },
    get cwdRecorded() {
      return workingDirectory().recorded;
    }
  };
}
async function runCheckedCall(io, checked, ops, stop, progress = NO_PROGRESS, origin) {
  const { request } = checked;
  const runStart = request.telemetry === true ? performance.now() : 0;
  try {
    noteRunUse(io, request.runId, request.agentId);
    const result = await runTool(ops, checked, callContext(io, checked.request, stop, progress));
    if (request.telemetry !== true) return okEnvelope(capText(result.text, request.maxBytes), result.meta);
    const runEnd = performance.now();
    const text2 = capText(result.text, request.maxBytes);
    const meta2 = { ...result.meta };
    meta2[TIMINGS_META_FIELD] = helperTimings(origin ?? runStart, runStart, runEnd, performance.now());
    return okEnvelope(text2, meta2);
  } catch (error2) {
    return failureEnvelope(error2);
  }
}

// src/io/due-timer.ts
function timersOn(now) {
  return {
    now,
    after(ms, run) {
      const timer = setTimeout(run, ms);
      timer.unref?.();
      return () => clearTimeout(timer);
    }
  };
}
function whenDue(clock, due, run) {
  let cancel;
  const arm = () => {
    cancel = clock.after(Math.max(1, Math.ceil(due - clock.now())), fire);
  };
  const fire = () => {
    if (clock.now() < due) arm();
    else run();
  };
  arm();
  return () => cancel();
}

// src/call/progress.ts
var callClock = timersOn(() => performance.now());
var CallProgress = class {
  constructor(ask, emit, clock = callClock) {
    this.ask = ask;
    this.emit = emit;
    this.clock = clock;
    this.startedAt = clock.now();
    this.lastReportAt = this.startedAt;
    this.armHeartbeat();
  }
  ask;
  emit;
  clock;
  wanted = true;
  closed = false;
  cancelHeartbeat = () => {
  };
  startedAt;
  lastReportAt;
  elapsedMs() {
    return Math.max(0, this.clock.now() - this.startedAt);
  }
  report(report) {
    const at = this.clock.now();
    const elapsedMs = Math.max(0, Math.round(at - this.startedAt));
    if (this.closed) return elapsedMs;
    this.lastReportAt = at;
    const event = { ...report, elapsed_ms: elapsedMs };
    this.armHeartbeat();
    this.emit(event);
    return elapsedMs;
  }
  /** The call answers: nothing is reported after this. */
  close() {
    this.closed = true;
    this.cancelHeartbeat();
  }
  /** A heartbeat goes only when the call was quiet for the whole asked time by its own clock. */
  armHeartbeat() {
    this.cancelHeartbeat();
    this.cancelHeartbeat = whenDue(this.clock, this.lastReportAt + this.ask.heartbeatMs, () => this.report({ type: "heartbeat" }));
  }
};

// src/io/node/core.ts
var import_node_fs11 = require("node:fs");

// src/io/node/background.ts
var import_node_fs9 = require("node:fs");

// src/io/node/files.ts
var import_node_fs7 = require("node:fs");

// src/io/read-end.ts
function readReachedEnd(sizeAtOpen, totalBytes, readBytes, roomBytes) {
  return sizeAtOpen > 0 && totalBytes === sizeAtOpen && readBytes < roomBytes;
}

// src/io/node/files.ts
var OPEN_READ_FLAGS = import_node_fs7.constants.O_RDONLY | import_node_fs7.constants.O_NONBLOCK | import_node_fs7.constants.O_NOCTTY;
var READ_FILE_CHUNK_BYTES = 65536;
function codedError(code2, message) {
  return Object.assign(new Error(`${code2}: ${message}`), { code: code2 });
}
function readRegularFile(path, maxBytes, extraFlags = 0) {
  const fd = (0, import_node_fs7.openSync)(path, OPEN_READ_FLAGS | extraFlags);
  try {
    const stats = (0, import_node_fs7.fstatSync)(fd);
    if (stats.isDirectory()) throw codedError("EISDIR", `${path} is a folder`);
    if (!stats.isFile()) throw codedError("EFTYPE", `${path} is not a regular file`);
    const limit = maxBytes + 1;
    let buffer = Buffer.allocUnsafe(Math.min(stats.size > 0 ? stats.size + 1 : READ_FILE_CHUNK_BYTES, limit));
    let total = 0;
    for (; ; ) {
      if (total === buffer.length) buffer = grown(buffer, Math.min(total + Math.max(total, READ_FILE_CHUNK_BYTES), limit));
      const room = buffer.length - total;
      const read = (0, import_node_fs7.readSync)(fd, buffer, total, room, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
      if (readReachedEnd(stats.size, total, read, room)) break;
    }
    return buffer.subarray(0, total);
  } finally {
    (0, import_node_fs7.closeSync)(fd);
  }
}
function grown(buffer, bytes) {
  const bigger = Buffer.allocUnsafe(bytes);
  buffer.copy(bigger);
  return bigger;
}
function writeFileAtomic(path, data) {
  const temp = temporaryPathBeside(path);
  try {
    (0, import_node_fs7.writeFileSync)(temp, data, { mode: 384 });
    (0, import_node_fs7.renameSync)(temp, path);
  } catch (error2) {
    removeFileIfPresent(temp);
    throw error2;
  }
}
function removeFileIfPresent(path) {
  if ((0, import_node_fs7.lstatSync)(path, { throwIfNoEntry: false }) === void 0) return;
  try {
    (0, import_node_fs7.unlinkSync)(path);
  } catch (error2) {
    if (error2.code !== "ENOENT") throw error2;
  }
}
function createExclusive(path, content) {
  const temporary = temporaryPathBeside(path);
  (0, import_node_fs7.writeFileSync)(temporary, content, { mode: 384, flag: "wx" });
  try {
    (0, import_node_fs7.linkSync)(temporary, path);
    return true;
  } catch (error2) {
    if (error2.code === "EEXIST") return false;
    throw error2;
  } finally {
    removeFileIfPresent(temporary);
  }
}

// src/io/node/child.ts
var SupervisedChild = class {
  /**
   * Spawn the child (a failure to spawn is thrown, before any timer or listener exists) and watch
   * it: `stop` is called at `timeoutMs`, and once when the call's stop aborts (at once when it
   * already has), until settled. The call's stop is this child's to answer while it runs.
   */
  constructor(start2, timeoutMs, stop, callStop) {
    this.stop = stop;
    this.callStop = callStop;
    this.process = spawnChild(start2.file, start2.args, {
      cwd: start2.cwd,
      env: start2.env,
      stdio: start2.stdio,
      detached: start2.detached ?? false,
      entersFolderItself: start2.entersFolderItself
    });
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.stop("timeout");
    }, timeoutMs);
    this.release = callStop.take();
    this.stopListening = listenForStop(callStop, this.onAbort);
  }
  stop;
  callStop;
  process;
  timedOut = false;
  interruptedBy = null;
  settled = false;
  timer;
  release;
  stopListening;
  onAbort = () => {
    if (this.settled) return;
    const signal = stopSignalOf(this.callStop);
    this.interruptedBy ??= signal;
    this.stop(signal);
  };
  /** The child itself has ended: its time limit no longer applies (the call's stop still does). */
  disarmTimer() {
    clearTimeout(this.timer);
  }
  /** Stop watching: the timer and the stop's listener go. True only the first time. */
  settle() {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    this.stopListening();
    this.release();
    return true;
  }
  get isSettled() {
    return this.settled;
  }
};
function startDetached(start2) {
  const child = spawnChild(start2.file, start2.args, { cwd: start2.cwd, env: start2.env, stdio: start2.stdio, detached: true });
  child.on("error", () => void 0);
  child.unref();
  if (child.pid === void 0) throw new Error(`${start2.file} could not be started`);
  return child.pid;
}

// src/io/node/sweep.ts
var import_node_fs8 = require("node:fs");

// src/io/call-mark.ts
var CALL_MARK_VARIABLE = "GUILDS_CALL_MARK";
var CALL_MARK_MAX_TOKENS = 8;
var TOKEN_SEPARATOR = ":";
var TOKEN_PATTERN = /^[0-9a-z]+(?:-[0-9a-z]+)*$/;
function callKey(agentId, runId, callId) {
  const text2 = `${agentId}/${runId}/${callId}`;
  let high = 3735928559;
  let low = 1103547991;
  for (let index = 0; index < text2.length; index++) {
    const code2 = text2.charCodeAt(index);
    high = Math.imul(high ^ code2, 2654435761);
    low = Math.imul(low ^ code2, 1597334677);
  }
  high = Math.imul(high ^ high >>> 16, 2246822507) ^ Math.imul(low ^ low >>> 13, 3266489909);
  low = Math.imul(low ^ low >>> 16, 2246822507) ^ Math.imul(high ^ high >>> 13, 3266489909);
  return (4294967296 * (2097151 & low) + (high >>> 0)).toString(36);
}
function callToken(key, pid, nowMs, counter, random) {
  const digits = Math.floor(random * 36 ** 8).toString(36);
  return [key, ...[pid, nowMs, counter].map((part) => Math.max(0, Math.floor(part)).toString(36)), digits].join("-");
}
function markValue(inherited, token) {
  const kept = (inherited ?? "").split(TOKEN_SEPARATOR).filter((part) => TOKEN_PATTERN.test(part));
  return [...kept, token].slice(-CALL_MARK_MAX_TOKENS).join(TOKEN_SEPARATOR);
}
function markCarries(value, token) {
  return value.split(TOKEN_SEPARATOR).includes(token);
}
function markCarriesKey(value, key) {
  const prefix = `${key}-`;
  return value.split(TOKEN_SEPARATOR).some((token) => token.startsWith(prefix));
}
function environValue(environ, name) {
  const prefix = `${name}=`;
  let start2 = 0;
  while (start2 < environ.length) {
    let end = environ.indexOf("\0", start2);
    if (end === -1) end = environ.length;
    if (environ.startsWith(prefix, start2)) return environ.slice(start2 + prefix.length, end);
    start2 = end + 1;
  }
  return null;
}
function environHasEntry(environ, entry) {
  const equals = entry.indexOf("=");
  return equals > 0 && environValue(environ, entry.slice(0, equals)) === entry.slice(equals + 1);
}
function environCarriesToken(environ, token) {
  const value = environValue(environ, CALL_MARK_VARIABLE);
  return value !== null && markCarries(value, token);
}
function environCarriesKey(environ, key) {
  const value = environValue(environ, CALL_MARK_VARIABLE);
  return value !== null && markCarriesKey(value, key);
}

// src/io/node/sweep.ts
function matcher(mark) {
  if ("token" in mark) return (environ) => environCarriesToken(environ, mark.token);
  if ("key" in mark) return (environ) => environCarriesKey(environ, mark.key);
  const entry = Buffer.from(mark.entry, "utf8").toString("latin1");
  return (environ) => environHasEntry(environ, entry);
}
function markedProcesses(mark) {
  const carries = matcher(mark);
  const uid = process.geteuid?.();
  let pids;
  try {
    pids = listProcessIds();
  } catch {
    return [];
  }
  const found = [];
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      if (uid !== void 0 && (0, import_node_fs8.statSync)(`/proc/${pid}`).uid !== uid) continue;
      const stat = readProcessStat(pid);
      if (stat === null || !isRunningState(stat.state)) continue;
      if (carries((0, import_node_fs8.readFileSync)(`/proc/${pid}/environ`, "latin1"))) found.push(pid);
    } catch {
    }
  }
  return found;
}
function signalMarked(mark, signal) {
  const pids = markedProcesses(mark);
  for (const pid of pids) signalProcess(pid, signal);
  return pids.length;
}

// src/io/node/background.ts
var SUPERVISOR_SCRIPT = [
  "trap : TERM INT HUP",
  "exit_path=$1",
  "shift",
  'bash -c "$@" </dev/null',
  "status=$?",
  '{ printf "%s\\n" "$status" >"$exit_path.$$.tmp" && mv -f "$exit_path.$$.tmp" "$exit_path"; } 2>/dev/null'
].join("\n");
var SWEEP_ROUNDS = 20;
var SWEEP_ROUND_PAUSE_SECONDS = 0.05;
var DELAYED_KILL_SCRIPT = [
  'sleep "$1" || exit 0',
  "killed=0",
  'if { read -r stat <"/proc/$2/stat"; } 2>/dev/null; then',
  "  fields=(${stat##*) })",
  '  [ "${fields[19]}" = "$3" ] && kill -KILL -- "-$2" 2>/dev/null && killed=1',
  "else",
  '  kill -KILL -- "-$2" 2>/dev/null && killed=1',
  "fi",
  `for (( round = 0; round < ${SWEEP_ROUNDS}; round++ )); do`,
  "  found=0",
  "  for dir in /proc/[0-9]*; do",
  "    pid=${dir#/proc/}",
  '    [ "$pid" = "$$" ] || [ ! -O "$dir" ] && continue',
  '    while IFS= read -r -d "" entry; do',
  '      if [ "$entry" = "$5" ]; then kill -KILL "$pid" 2>/dev/null && found=1 killed=1; break; fi',
  '    done 2>/dev/null <"$dir/environ"',
  "  done",
  '  [ "$found" = 1 ] || break',
  `  sleep ${SWEEP_ROUND_PAUSE_SECONDS}`,
  "done",
  '[ "$killed" = 1 ] && : >>"$4"'
].join("\n");
var LOG_OPEN_FLAGS = import_node_fs9.constants.O_WRONLY | import_node_fs9.constants.O_APPEND | import_node_fs9.constants.O_CREAT | import_node_fs9.constants.O_NOFOLLOW | import_node_fs9.constants.O_NOCTTY;
var LOG_FILE_MODE = 384;
var nodeBackgroundProcesses = {
  startSupervised(start2) {
    const log = (0, import_node_fs9.openSync)(start2.logPath, LOG_OPEN_FLAGS, LOG_FILE_MODE);
    try {
      return startDetached({
        file: "bash",
        args: ["-c", SUPERVISOR_SCRIPT, "guilds-background", start2.exitPath, start2.script, ...start2.scriptArgs],
        cwd: start2.cwd,
        env: start2.env,
        stdio: ["ignore", log, log]
      });
    } finally {
      (0, import_node_fs9.closeSync)(log);
    }
  },
  processStat: readProcessStat,
  environmentHas(pid, entry) {
    let environment2;
    try {
      environment2 = (0, import_node_fs9.readFileSync)(`/proc/${pid}/environ`);
    } catch {
      return false;
    }
    const wanted = Buffer.from(entry + "\0", "utf8");
    if (environment2.subarray(0, wanted.length).equals(wanted)) return true;
    return environment2.indexOf(Buffer.concat([Buffer.of(0), wanted])) !== -1;
  },
  listProcesses: listProcessIds,
  groupExists(processGroup) {
    if (!Number.isInteger(processGroup) || processGroup <= 1) return false;
    try {
      process.kill(-processGroup, 0);
      return true;
    } catch (error2) {
      return error2.code === "EPERM";
    }
  },
  signalProcess,
  signalGroup: (processGroup, signal) => signalProcessGroup(processGroup, signal),
  signalMarked: (marker, signal) => signalMarked({ entry: marker }, signal),
  scheduleGroupKill(processGroup, leaderStartTicks, delaySeconds, killedPath2, marker) {
    try {
      startDetached({
        file: "bash",
        args: ["-c", DELAYED_KILL_SCRIPT, "guilds-background-kill", String(delaySeconds), String(processGroup), leaderStartTicks, killedPath2, marker],
        cwd: "/",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
        stdio: "ignore"
      });
    } catch {
    }
  },
  createExclusive,
  sleep(milliseconds) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
  },
  ownPid: process.pid
};

// src/io/node/request-file.ts
var import_node_fs10 = require("node:fs");
var FOLDER_FLAGS = import_node_fs10.constants.O_RDONLY | import_node_fs10.constants.O_DIRECTORY | import_node_fs10.constants.O_NOFOLLOW;
var FILE_FLAGS = import_node_fs10.constants.O_RDONLY | import_node_fs10.constants.O_NOFOLLOW | import_node_fs10.constants.O_NONBLOCK | import_node_fs10.constants.O_NOCTTY;
var ROOT_UID = 0;
var WRITABLE_BY_OTHERS = 18;
var STICKY = 512;
function notRoots(path) {
  return codedError(NOT_ROOTS_CODE, `${path} is not root's alone`);
}
function rootsOnTheWay(info) {
  return info.uid === ROOT_UID && ((info.mode & WRITABLE_BY_OTHERS) === 0 || (info.mode & STICKY) !== 0);
}
function openFolder(folder, asRoot) {
  if (!asRoot) return (0, import_node_fs10.openSync)(import_node_fs10.realpathSync.native(folder), FOLDER_FLAGS);
  let fd = (0, import_node_fs10.openSync)("/", FOLDER_FLAGS);
  let path = "";
  try {
    for (const name of folder.split("/")) {
      if (name === "") continue;
      path += `/${name}`;
      let next;
      try {
        next = (0, import_node_fs10.openSync)(`/proc/self/fd/${fd}/${name}`, FOLDER_FLAGS);
      } catch (error2) {
        const code2 = error2.code;
        throw code2 === "ELOOP" || code2 === "ENOTDIR" ? notRoots(path) : error2;
      }
      (0, import_node_fs10.closeSync)(fd);
      fd = next;
      if (!rootsOnTheWay((0, import_node_fs10.fstatSync)(fd))) throw notRoots(path);
    }
    const info = (0, import_node_fs10.fstatSync)(fd);
    if (info.uid !== ROOT_UID || (info.mode & WRITABLE_BY_OTHERS) !== 0) throw notRoots(folder);
    return fd;
  } catch (error2) {
    (0, import_node_fs10.closeSync)(fd);
    throw error2;
  }
}
function readWhole(fd, info, maxBytes, path) {
  if (info.size > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
  const bytes = Buffer.allocUnsafe(info.size + 1);
  let total = 0;
  for (; ; ) {
    const read = (0, import_node_fs10.readSync)(fd, bytes, total, bytes.length - total, null);
    if (read === 0) break;
    total += read;
    if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
    if (total === bytes.length) throw codedError("EFBIG", `${path} grew while it was read`);
  }
  return bytes.subarray(0, total);
}
function takeFileWithoutFollowing(folder, name, maxBytes, asRoot) {
  const folderFd = openFolder(folder, asRoot);
  const path = `${folder}/${name}`;
  const inFolder = `/proc/self/fd/${folderFd}/${name}`;
  try {
    const fd = (0, import_node_fs10.openSync)(inFolder, FILE_FLAGS);
    try {
      const info = (0, import_node_fs10.fstatSync)(fd);
      if (info.isDirectory()) throw codedError("EISDIR", `${path} is a folder`);
      if (!info.isFile()) throw codedError("EFTYPE", `${path} is not a regular file`);
      try {
        if (asRoot && (info.uid !== ROOT_UID || info.nlink !== 1)) throw notRoots(path);
        return readWhole(fd, info, maxBytes, path);
      } finally {
        try {
          (0, import_node_fs10.unlinkSync)(inFolder);
        } catch {
        }
      }
    } finally {
      (0, import_node_fs10.closeSync)(fd);
    }
  } finally {
    (0, import_node_fs10.closeSync)(folderFd);
  }
}

// src/io/node/core.ts
function kindOf(stats) {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "folder";
  if (stats.isFIFO()) return "fifo";
  if (stats.isSocket()) return "socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "device";
  if (stats.isSymbolicLink()) return "link";
  return "other";
}
function infoOf(stats) {
  return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs };
}
var NodeOpenFile = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  info() {
    return infoOf((0, import_node_fs11.fstatSync)(this.fd));
  }
  realPath() {
    return (0, import_node_fs11.readlinkSync)(`/proc/self/fd/${this.fd}`);
  }
  read(buffer) {
    return (0, import_node_fs11.readSync)(this.fd, buffer, 0, buffer.length, null);
  }
  readAt(buffer, length, position) {
    return (0, import_node_fs11.readSync)(this.fd, buffer, 0, length, position);
  }
  descriptor() {
    return this.fd;
  }
  close() {
    (0, import_node_fs11.closeSync)(this.fd);
  }
};
var nodeFileSystem = {
  realPath: (path) => import_node_fs11.realpathSync.native(path),
  stat(path) {
    const stats = (0, import_node_fs11.statSync)(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  lstat(path) {
    const stats = (0, import_node_fs11.lstatSync)(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  readLink: (path) => (0, import_node_fs11.readlinkSync)(path),
  openRead: (path) => new NodeOpenFile((0, import_node_fs11.openSync)(path, OPEN_READ_FLAGS)),
  readFile: (path, maxBytes = Number.MAX_SAFE_INTEGER) => readRegularFile(path, maxBytes),
  takeFile: (folder, name, maxBytes) => takeFileWithoutFollowing(folder, name, maxBytes, actingAsAgent() !== null),
  writeFileAtomic,
  makeFolder: (path) => void (0, import_node_fs11.mkdirSync)(path, { recursive: true, mode: 448 }),
  removeFile: removeFileIfPresent,
  removeTree: (path) => (0, import_node_fs11.rmSync)(path, { force: true, recursive: true }),
  listFolder: (path) => (0, import_node_fs11.readdirSync)(path),
  touch(path) {
    const now = /* @__PURE__ */ new Date();
    (0, import_node_fs11.utimesSync)(path, now, now);
  }
};
function nodeIoWith(own2, home, runDir, env) {
  return {
    home,
    runDir,
    env,
    fs: nodeFileSystem,
    background: nodeBackgroundProcesses,
    now: () => Date.now(),
    ...own2
  };
}
function longLivedIo() {
  return { runUseMarks: /* @__PURE__ */ new Map() };
}

// src/tools/shell/node-io.ts
var import_node_buffer = require("node:buffer");

// src/io/node/process-group.ts
var import_node_fs13 = require("node:fs");

// src/io/node/log-follower.ts
var import_node_fs12 = require("node:fs");
var OUTPUT_CHUNK_BYTES = 1048576;
var OUTPUT_POLL_MS = 10;
var sharedBuffer;
function readBuffer() {
  sharedBuffer ??= Buffer.allocUnsafe(OUTPUT_CHUNK_BYTES);
  return sharedBuffer;
}
var LogFollower = class {
  constructor(readFd, onOutput, onEnd, onError) {
    this.readFd = readFd;
    this.onOutput = onOutput;
    this.onEnd = onEnd;
    this.onError = onError;
    this.schedule(false);
  }
  readFd;
  onOutput;
  onEnd;
  onError;
  position = 0;
  endAt = null;
  pollTimer;
  readNext;
  stopped = false;
  /** The command is over and its output is `size` bytes: read up to there, then end. */
  finishAt(size) {
    this.endAt = size;
    this.schedule(true);
  }
  stop() {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearImmediate(this.readNext);
  }
  schedule(now) {
    clearTimeout(this.pollTimer);
    clearImmediate(this.readNext);
    if (now) this.readNext = setImmediate(() => this.follow());
    else this.pollTimer = setTimeout(() => this.follow(), OUTPUT_POLL_MS);
  }
  follow() {
    if (this.stopped) return;
    try {
      const buffer = readBuffer();
      const want = Math.min(buffer.length, (this.endAt ?? Number.MAX_SAFE_INTEGER) - this.position);
      const read = want > 0 ? (0, import_node_fs12.readSync)(this.readFd, buffer, 0, want, this.position) : 0;
      if (read > 0) {
        this.position += read;
        this.onOutput(buffer.subarray(0, read));
        this.schedule(true);
      } else if (this.endAt !== null) {
        this.onEnd(this.position);
      } else {
        this.schedule(false);
      }
    } catch (error2) {
      this.onError(error2);
    }
  }
};

// src/io/node/process-group.ts
var GROUP_POLL_MS = 20;
var GROUP_REAP_WAIT_MS = 1e3;
var MARK_POLL_MS = 100;
var LOG_OPEN_FLAGS2 = import_node_fs13.constants.O_WRONLY | import_node_fs13.constants.O_APPEND | import_node_fs13.constants.O_CREAT | import_node_fs13.constants.O_TRUNC | import_node_fs13.constants.O_NOFOLLOW;
function signalNumber(signal) {
  return loadOs().constants.signals[signal] ?? 0;
}
function sleep(ms) {
  return new Promise((resolve2) => setTimeout(resolve2, ms));
}
function groupRuns(groupId) {
  if (!signalProcessGroup(groupId, 0)) return false;
  let pids;
  try {
    pids = listProcessIds();
  } catch {
    return true;
  }
  for (const pid of pids) {
    const stat = readProcessStat(pid);
    if (stat !== null && stat.processGroup === groupId && isRunningState(stat.state)) return true;
  }
  return false;
}
async function finishGroups(groupIds, deadline, mark) {
  const markedRun = () => mark !== void 0 && markedProcesses(mark).length > 0;
  const groupsRun = () => groupIds.some(groupRuns);
  let markCheckedAt = 0;
  let marked = true;
  while (Date.now() < deadline) {
    if (Date.now() - markCheckedAt >= MARK_POLL_MS) {
      marked = markedRun();
      markCheckedAt = Date.now();
    }
    if (!groupsRun() && !marked) return;
    await sleep(GROUP_POLL_MS);
  }
  for (const groupId of groupIds) signalProcessGroup(groupId, "SIGKILL");
  if (mark !== void 0) signalMarked(mark, "SIGKILL");
  const reapDeadline = Date.now() + GROUP_REAP_WAIT_MS;
  while (Date.now() < reapDeadline) {
    const left = mark === void 0 ? 0 : signalMarked(mark, "SIGKILL");
    if (left === 0 && !groupsRun()) return;
    await sleep(GROUP_POLL_MS);
  }
}
function openLog(logPath) {
  const logFd = (0, import_node_fs13.openSync)(logPath, LOG_OPEN_FLAGS2, 384);
  try {
    return { logFd, readFd: (0, import_node_fs13.openSync)(logPath, import_node_fs13.constants.O_RDONLY | import_node_fs13.constants.O_NOFOLLOW) };
  } catch (error2) {
    (0, import_node_fs13.closeSync)(logFd);
    throw error2;
  }
}
var GroupStop = class {
  constructor(graceMs, mark) {
    this.graceMs = graceMs;
    this.mark = mark;
  }
  graceMs;
  mark;
  /** When the SIGKILL is due; 0 while the group has not been stopped. */
  deadline = 0;
  killTimer;
  /** `leader` is the group's leader, whose pid is the group's id; once it has exited, `kill` is a no-op. */
  stop(leader) {
    const groupId = leader.pid;
    if (groupId === void 0 || this.deadline !== 0) return;
    this.deadline = Date.now() + this.graceMs;
    leader.kill("SIGTERM");
    signalProcessGroup(groupId, "SIGTERM");
    if (this.mark !== void 0) signalMarked(this.mark, "SIGTERM");
    this.killTimer = setTimeout(() => {
      leader.kill("SIGKILL");
      signalProcessGroup(groupId, "SIGKILL");
      if (this.mark !== void 0) signalMarked(this.mark, "SIGKILL");
    }, this.graceMs);
  }
  /** Once the group has been waited for: the pending SIGKILL, if any, is no longer needed. */
  dispose() {
    clearTimeout(this.killTimer);
  }
};
var callCounter = 0;
function newCallToken(key) {
  return callToken(key, process.pid, Date.now(), ++callCounter, Math.random());
}
function markedEnvironment(env, token) {
  if (token === void 0) return env;
  return { ...env, [CALL_MARK_VARIABLE]: markValue(env[CALL_MARK_VARIABLE], token) };
}
function startLeader(run, log, onStop) {
  let supervised;
  try {
    const stdio = [run.input === void 0 ? "ignore" : "pipe", log.logFd, log.logFd];
    const env = markedEnvironment(run.env, run.markToken);
    const start2 = { file: run.file, args: [...run.args], cwd: run.cwd, env, stdio, detached: true, entersFolderItself: run.entersFolderItself };
    supervised = new SupervisedChild(start2, run.timeoutMs, onStop, run.stop);
  } catch (error2) {
    (0, import_node_fs13.closeSync)(log.logFd);
    (0, import_node_fs13.closeSync)(log.readFd);
    throw error2;
  }
  if (run.input !== void 0) {
    supervised.process.stdin?.on("error", () => void 0);
    supervised.process.stdin?.end(run.input);
  }
  return supervised;
}
function runInGroup(run, onOutput) {
  const log = openLog(run.logPath);
  const mark = run.markToken === void 0 ? void 0 : { token: run.markToken };
  const groupStop = new GroupStop(run.killGraceMs, mark);
  const supervised = startLeader(run, log, () => groupStop.stop(supervised.process));
  const child = supervised.process;
  const groupId = child.pid;
  if (groupId !== void 0) {
    if (run.guarded === true) guardGroup(groupId);
    run.onStart?.(groupId);
  }
  return new Promise((resolve2, reject) => {
    let code2 = null;
    let signal = null;
    const close = () => {
      if (!supervised.settle()) return;
      groupStop.dispose();
      run.onSettle?.();
      follower.stop();
      (0, import_node_fs13.closeSync)(log.logFd);
      (0, import_node_fs13.closeSync)(log.readFd);
    };
    const follower = new LogFollower(
      log.readFd,
      onOutput,
      (logBytes) => {
        close();
        resolve2({ code: code2, signal, timedOut: supervised.timedOut, interruptedBy: supervised.interruptedBy, logBytes });
      },
      (error2) => {
        groupStop.stop(child);
        close();
        reject(error2);
      }
    );
    child.once("error", (error2) => {
      close();
      reject(error2);
    });
    child.once("exit", (exitCode, exitSignal) => {
      supervised.disarmTimer();
      code2 = exitCode;
      signal = exitSignal;
      const finishLog = () => {
        if (!supervised.isSettled) follower.finishAt((0, import_node_fs13.fstatSync)(log.logFd).size);
      };
      if (groupId === void 0) return finishLog();
      if (run.stopLeftovers && groupStop.deadline === 0 && (groupRuns(groupId) || mark !== void 0 && markedProcesses(mark).length > 0)) {
        groupStop.stop(child);
      }
      const finished = groupStop.deadline !== 0 ? finishGroups([groupId], groupStop.deadline, mark) : Promise.resolve();
      void finished.then(() => {
        if (run.guarded === true) releaseGroup(groupId);
        run.onGroupEnd?.(groupId);
        finishLog();
      });
    });
  });
}

// src/tools/shell/node-io.ts
var BASH = "bash";
function shellGroupRun(request) {
  return {
    file: BASH,
    args: ["-c", request.script, ...request.scriptArgs],
    entersFolderItself: true,
    cwd: request.cwd,
    env: request.env,
    logPath: request.logPath,
    timeoutMs: request.timeoutMs,
    stop: request.stop,
    killGraceMs: request.killGraceMs,
    markToken: newCallToken(request.callKey),
    // What a finished command left running (`server &`) is its to leave.
    stopLeftovers: false,
    guarded: true
  };
}
async function runShell(request, onOutput) {
  const end = await runInGroup(shellGroupRun(request), onOutput);
  const exitCode = end.code ?? (end.signal ? 128 + signalNumber(end.signal) : 1);
  return { exitCode, timedOut: end.timedOut, interruptedBy: end.interruptedBy, logBytes: end.logBytes };
}
var decoder = new TextDecoder("utf-8", { fatal: true });
var nodeShellProcesses = {
  run: runShell,
  // buffer.isAscii arrived in Node 18.15.
  isAscii: typeof import_node_buffer.isAscii === "function" ? (bytes) => (0, import_node_buffer.isAscii)(bytes) : void 0,
  isUtf8(bytes) {
    if (typeof import_node_buffer.isUtf8 === "function") return (0, import_node_buffer.isUtf8)(bytes);
    try {
      decoder.decode(bytes);
      return true;
    } catch {
      return false;
    }
  }
};
var SHELL_NODE_IO = { shell: nodeShellProcesses };

// src/tools/shell_status/node-io.ts
var SHELL_STATUS_NODE_IO = {};

// src/tools/file_read/sha256-wasm-bytes.ts
function sha256WasmBytes() {
  const words = new Int32Array([1836278016, 1, 1610746881, 1610645249, 2139062019, 50560769, 83951618, 16777475, 2130975238, -2139078400, 8325890, 41975873, 1090551563, 2131427968, 184566017, 101139463, 1869440365, 162162, 1852405510, 58158948, 1769409280, 2003788910, 1702132034, 83952499, 1952543859, 67240805, 1886352499, 1644561155, 1801678700, 134217843, 1819764078, 1936027241, -1828060928, 196215309, 25101061, 41877886, 595527803, 33628416, 541066048, 17646848, 35717185, 18890755, 678036e3, 52494338, 406913824, 1090723956, 544372248, 1946697987, -58687423, 52457735, 1098254401, 1896087168, 52523634, 52429344, 75498038, 52429344, 36176416, 37120512, 35653248, 577373249, 12599554, 184552777, 35667971, -1006370563, 537272579, -49856250, 102760877, -1409476287, 542178561, -49135354, 102760877, -1409479103, -45023999, 1090920529, 28179715, 35672573, -1073479427, 28245251, 16581152, -50076668, 119603630, 1576862240, 553908227, 537337862, -49200890, 102760877, -1409478847, 542178561, -49069818, 102760877, -1409479359, -45023999, 1090920529, 28179722, -1359130115, -49864447, 12, 0, 0, 0, -49864704, 13, 0, 303108096, 370480147, 537272599, 1090920455, 28179729, 255919648, -50222083, 1090920528, 28179731, 222365216, -50222083, 542244176, -49659642, 1375535533, 553758461, 537010183, 67894535, 35652736, 35653408, 262397, -50221315, 109052939, 272695840, 1090658922, 222888576, 4262656, 41943592, 4261921, 42205736, 4262177, 42467880, 4262433, 42730024, 4262689, 42992168, 4262945, 43254312, 4263201, 43516456, 4263457, 43778600, 4263713, 1073938977, 203427616, -2139012435, 2115010688, 69207074, -2054683326, 323093536, 105022856, 543860616, 537665550, 1930305549, 35681137, 109052456, 86076010, 85986080, 537600362, -1391976443, -2139061950, 578687104, 1107566596, 545622027, -2011938300, -2013117819, 136342183, 544278816, 537403402, 1920037385, 537862506, -1391779826, -2139061950, 578687104, 1107566596, 545622021, -2012003836, -2012855675, 220228263, 203426592, 1903365408, 671228019, 1778811906, 537207146, 1778720778, 85985825, 1118637856, -2139062143, 69369360, 188875808, 69240200, -2054679486, -1484258750, 537862250, 153121032, 136318752, 1785885042, 220204577, 1118636576, -2139062143, 69369360, 88212512, 69240200, -2054679742, -1484257726, 537665642, 537600010, 1936814860, 36176416, 1785333384, 153093409, 560596256, 537206793, -2126336754, 276856960, 537141886, -2012528124, 1107566725, 1116047380, 1789364226, 253759008, 537403505, 1913593870, 560624241, 537665549, -2126336759, 276856960, 537141886, -2012921340, 1107566725, 1116047379, 1789364230, 153094944, 186649120, 544436595, -1946015742, 560622086, 537403397, 136407557, 220202272, -2139012435, 2115010688, 69207074, -2054681790, 339870752, 37913992, 543860616, 1896751117, 220204832, 1903300128, 203516530, 136317728, -2139012435, 2115010688, 69207074, -2054683326, 323093536, 105022856, 543860616, 537403402, 1930043401, 35681137, 110101032, 86076010, 85987104, 537862506, -1391714299, -2139061950, 578687104, 1107566596, 545622027, -2011938300, -2013117819, 203451047, 544279840, 537665550, 1920037389, 537600362, -1391517686, -2139061950, 578687104, 1107566596, 545622021, -2012003836, -2012855675, 153119399, 136318752, 1903364384, 671228019, 1778816002, 537207146, 1778720782, 85986849, 1118636832, -2139062143, 69369360, 188875808, 69240200, -2054679486, -1484258750, 537600106, 220229900, 203426592, 1785885042, 153094689, 1118637600, -2139062143, 69369360, 88212512, 69240200, -2054679742, -1484257726, 537403498, 537862158, 1936814856, 36176416, 1785333400, 220202273, 560596256, 537206797, -2126336758, 276856960, 537141886, -2012528124, 1107566725, 1116047380, 1789364226, 186649120, 537665649, 1913331722, 560624241, 537403401, -2126336755, 276856960, 537141886, -2012921340, 1107566725, 1116047379, 1789364230, 220204832, 253759008, 544436595, -1677580286, 560622086, 537665541, 203516421, 153093408, -2139012435, 2115010688, 69207074, -2054681790, 339870752, 37913992, 543860616, 1896488969, 153094944, 1903299104, 136407666, 541131296, 1090658922, 222888576, 4262656, 36175937, 136315520, -2147338646, 1090535682, -2080233472, 1778982914, 42205750, 4259905, 42467880, 912919072, 1090684930, 671105280, 537037826, 37120523, 4260492, 36175937, 203424400, -1878903190, 1090535682, -1811798016, 1779245058, 43254326, 4259905, 43516456, 912920096, 1090689026, 671105280, 537041922, 37120527, 18875036, 1778434113, 2097441, 560660801, 184552448, 31197963, 25100803, 545194366, 33759488, 541066048, 1778925827, 223019296, 688070657, -1975386109, -1596938092, 176521921, 537207173, -16825851, -268960771, 16760799, -16825725, -268960771, 16760799, -2080038788, -2105442238, -1601140604, -2088795968, -2105442238, -1601140604, -2055241536, 102868859, 35653152, 1332413472, 69206285, 560596512, 1090723844, 52521480, 185270284, 1073954818, 35652640, 536939855, 1325473795, 69206285, 2949920, 1175077120, 537141610, 1778467075, 787233, 69208843, 71893536, 54526528, 537075776, 17648896, 21037856, 11627, 222693953, 1090723841, 52521729, 185270284, 604184587, 184819715, 33729803, 184566016, 798491264, 1150370442, -70291145, -609897024, -1034163787, 301021526, -2103158287, 1591054911, -1432835300, 1526847495, -2051140989, 2109940785, 1567905036, -1308724546, 111640798, -244016164, 1774305691, 1200022683, -1647906882, -1580462143, 745481228, -2069221911, -1445180812, -1998955344, 1364358905, -965896130, 667461681, 2143793155, 200523609, -1857567008, 1666307495, 694617802, 176493609, 557328311, 1845243419, 219368748, 1934906168, 180053258, -919701910, 746947010, -392064398, 1716232895, -1955551206, 1369686603, -400963732, 103076242, 897963673, -1603210226, -1055518614, 1812470180, 2001477175, -1128978616, 213071024, -1437976292, -900772136, 1878219676, -2098304978, 1668248719, 2014607525, 34112712, -357177, 1827377342, -1544051632, 2029174521, 1090569841, 537592448, 1779033703, -1150833019, 1013904242, -1521486534, 1359893119, -1694144372, 528734635, 1541459225]);
  const packed = new Uint8Array(words.buffer);
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] === 1) return packed.subarray(0, 2120);
  const bytes = new Uint8Array(2120);
  for (let i = 0; i < bytes.length; i++) bytes[i] = packed[i ^ 3];
  return bytes;
}

// src/tools/file_read/sha256-wasm.ts
var BLOCK_BYTES = 64;
var LENGTH_FIELD_BYTES = 8;
var END_MARKER = 128;
var BYTES_PER_HIGH_LENGTH_UNIT = 2 ** 29;
function bitLengthWords(totalBytes) {
  return [Math.floor(totalBytes / BYTES_PER_HIGH_LENGTH_UNIT), totalBytes % BYTES_PER_HIGH_LENGTH_UNIT * 8];
}
var compiled;
var idle = [];
var IDLE_INSTANCES_MAX = 8;
var STATE_WORDS = 8;
var initialState;
function sha256Module() {
  compiled ??= new WebAssembly.Module(sha256WasmBytes());
  return compiled;
}
var WasmSha256 = class {
  wasm;
  memory;
  window;
  windowBytes;
  /** Bytes copied into the window and not compressed yet. */
  filled = 0;
  totalBytes = 0;
  digest = null;
  constructor() {
    const reused = idle.pop();
    this.wasm = reused ?? new WebAssembly.Instance(sha256Module()).exports;
    this.memory = new Uint8Array(this.wasm.memory.buffer);
    this.window = this.wasm.window.value;
    this.windowBytes = this.wasm.windowBytes.value;
    const state = this.wasm.state.value;
    if (reused === void 0) initialState ??= this.memory.slice(state, state + 4 * STATE_WORDS);
    else this.memory.set(initialState, state);
  }
  update(bytes) {
    if (this.digest !== null) throw new Error("SHA-256: update after the digest was taken");
    this.totalBytes += bytes.length;
    let offset = 0;
    while (offset < bytes.length) {
      const take = Math.min(this.windowBytes - this.filled, bytes.length - offset);
      this.memory.set(bytes.subarray(offset, offset + take), this.window + this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.windowBytes) {
        this.wasm.blocks(this.windowBytes / BLOCK_BYTES);
        this.filled = 0;
      }
    }
  }
  hexDigest() {
    if (this.digest !== null) return this.digest;
    const wholeBytes = this.filled - this.filled % BLOCK_BYTES;
    if (wholeBytes > 0) {
      this.wasm.blocks(wholeBytes / BLOCK_BYTES);
      this.memory.copyWithin(this.window, this.window + wholeBytes, this.window + this.filled);
    }
    const tail = this.filled - wholeBytes;
    const paddedBlocks = tail + 1 + LENGTH_FIELD_BYTES <= BLOCK_BYTES ? 1 : 2;
    const end = this.window + paddedBlocks * BLOCK_BYTES;
    this.memory.fill(0, this.window + tail, end);
    this.memory[this.window + tail] = END_MARKER;
    const view = new DataView(this.memory.buffer);
    const [high, low] = bitLengthWords(this.totalBytes);
    view.setUint32(end - LENGTH_FIELD_BYTES, high);
    view.setUint32(end - LENGTH_FIELD_BYTES + 4, low);
    this.wasm.blocks(paddedBlocks);
    let hex = "";
    const state = this.wasm.state.value;
    for (let word = 0; word < STATE_WORDS; word++) hex += view.getUint32(state + 4 * word, true).toString(16).padStart(8, "0");
    this.digest = hex;
    if (idle.length < IDLE_INSTANCES_MAX) idle.push(this.wasm);
    return hex;
  }
};
var PAGE_BYTES = 65536;
var NEWLINES_MAX = 2147483647;
var WasmLineEnds = class {
  stop = 0;
  wasm;
  base;
  memory;
  end = 0;
  constructor() {
    this.wasm = new WebAssembly.Instance(sha256Module()).exports;
    this.base = this.wasm.window.value;
    this.memory = new Uint8Array(this.wasm.memory.buffer);
  }
  load(piece) {
    const end = this.base + piece.length;
    if (end > this.memory.length) {
      this.wasm.memory.grow(Math.ceil((end - this.memory.length) / PAGE_BYTES));
      this.memory = new Uint8Array(this.wasm.memory.buffer);
    }
    this.memory.set(piece, this.base);
    this.end = end;
  }
  count(from, max) {
    const found = this.wasm.newlines(this.base + from, this.end, Math.min(max, NEWLINES_MAX));
    this.stop = this.wasm.stop.value - this.base;
    return found;
  }
};

// src/tools/file_read/node-io.ts
var NodeHasher = class {
  hash = loadCrypto().createHash("sha256");
  update(bytes) {
    this.hash.update(bytes);
  }
  hexDigest() {
    return this.hash.digest("hex");
  }
};
function sha256Hasher(expectedBytes) {
  if (expectedBytes <= SHA256_WASM_MAX_BYTES) {
    try {
      return new WasmSha256();
    } catch {
    }
  }
  return new NodeHasher();
}
function cryptoSha256Hasher() {
  return new NodeHasher();
}
var FILE_READ_NODE_IO = { sha256: sha256Hasher };
var FILE_READ_LONG_LIVED_NODE_IO = { sha256: cryptoSha256Hasher };

// src/tools/code_search/node/search.ts
var import_node_fs16 = require("node:fs");

// src/tools/code_search/node/find.ts
var import_node_fs14 = require("node:fs");

// src/tools/code_search/io.ts
var RipgrepError = class extends Error {
  constructor(failure3) {
    super(failure3.code);
    this.failure = failure3;
    this.name = "RipgrepError";
    this.code = failure3.code;
  }
  failure;
  code;
};

// src/tools/code_search/node/find.ts
var import_meta = {};
function isExecutableFile(path) {
  try {
    if (!(0, import_node_fs14.statSync)(path).isFile()) return false;
    (0, import_node_fs14.accessSync)(path, import_node_fs14.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
function ownFile() {
  if (typeof __filename === "string") return __filename;
  return new URL(import_meta.url).pathname;
}
function parentFolder(path) {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}
function vscodeRipgrepPackage() {
  return `@vscode/ripgrep-${process.platform}-${process.arch}`;
}
function developmentRipgrep() {
  const start2 = parentFolder(ownFile());
  const relative = `node_modules/${vscodeRipgrepPackage()}/bin/rg`;
  for (let folder = start2; ; folder = parentFolder(folder)) {
    const candidate = `${folder === "/" ? "" : folder}/${relative}`;
    if (isExecutableFile(candidate)) return { found: candidate, from: start2 };
    if (folder === "/") return { found: null, from: start2 };
  }
}
function findRipgrepIn(env) {
  const configured = env.GUILDS_RG;
  if (configured) {
    if (configured.startsWith("/") && isExecutableFile(configured)) return configured;
    throw new RipgrepError({ code: "RG_CONFIGURED_NOT_EXECUTABLE", configured });
  }
  for (const folder of (env.PATH ?? "").split(":")) {
    if (!folder.startsWith("/")) continue;
    const candidate = `${folder}/rg`;
    if (isExecutableFile(candidate)) return candidate;
  }
  const development = developmentRipgrep();
  if (development.found) return development.found;
  throw new RipgrepError({ code: "RG_NOT_FOUND", packageName: vscodeRipgrepPackage(), searchedFrom: development.from });
}

// src/tools/code_search/node/scratch.ts
var import_node_fs15 = require("node:fs");
var RG_SCRATCH_NAME = "guilds-code-rg";
function openOutputFiles() {
  const stdoutFd = openScratchFile(RG_SCRATCH_NAME);
  const stderrFd = stdoutFd === null ? null : openScratchFile(RG_SCRATCH_NAME);
  if (stdoutFd !== null && stderrFd !== null) return { stdoutFd, stderrFd };
  if (stdoutFd !== null) (0, import_node_fs15.closeSync)(stdoutFd);
  return null;
}
function roomInScratchFolder(bytes) {
  if (typeof import_node_fs15.statfsSync !== "function") return false;
  try {
    const space = (0, import_node_fs15.statfsSync)(scratchFolder());
    return space.bavail * space.bsize >= bytes;
  } catch {
    return false;
  }
}
function readBack(fd, position, onBytes, pieceBytes, reused) {
  for (; ; ) {
    const left = (0, import_node_fs15.fstatSync)(fd).size - position;
    if (left <= 0) return position;
    const chunk = reused ?? Buffer.allocUnsafe(Math.min(left, pieceBytes));
    const read = (0, import_node_fs15.readSync)(fd, chunk, 0, Math.min(left, chunk.length), position);
    if (read === 0) return position;
    position += read;
    onBytes(read === chunk.length ? chunk : chunk.subarray(0, read));
  }
}
function readStart(fd, maxBytes) {
  const kept = Buffer.allocUnsafe(maxBytes);
  return kept.toString("utf8", 0, (0, import_node_fs15.readSync)(fd, kept, 0, kept.length, 0));
}

// src/tools/code_search/node/search.ts
function makeSearchProcesses(limits) {
  return {
    findRipgrep: findRipgrepIn,
    run(run) {
      if (run.output === "line-per-file") {
        const files = openOutputFiles();
        if (files !== null) return runOnce(run, { kind: "files", ...files });
      } else if (roomInScratchFolder(SEARCH_SPOOL_FREE_SPACE_FACTOR * limits.spoolMaxBytes)) {
        const files = openOutputFiles();
        if (files !== null) return runSpooled(run, { kind: "spool", ...files, maxBytes: limits.spoolMaxBytes });
      }
      return runOnce(run, { kind: "pipes" });
    }
  };
}
var nodeSearchProcesses = makeSearchProcesses({ spoolMaxBytes: SEARCH_SPOOL_MAX_BYTES });
async function runSpooled(run, output) {
  const started = performance.now();
  const release = run.stop.take();
  try {
    const spooled = await runOnce(run, output);
    if (spooled !== null) return spooled;
    if (run.stop.signal.aborted) {
      return { exit: { exitCode: null, stderr: "", timedOut: false, interruptedBy: stopSignalOf(run.stop) }, sink: run.newSink() };
    }
    const timeoutMs = Math.max(0, run.timeoutMs - (performance.now() - started));
    return await runOnce({ ...run, timeoutMs }, { kind: "pipes" });
  } finally {
    release();
  }
}
function runOnce(run, output) {
  const sink = run.newSink();
  return new Promise((resolve2, reject) => {
    new RipgrepAttempt(run, output, sink, (exit) => resolve2(exit === null ? null : { exit, sink }), reject).start();
  });
}
function startFailure2(run, error2) {
  const failure3 = error2;
  return new RipgrepError({ code: "RG_CANNOT_START", binary: run.binary, cause: failure3.code ?? failure3.message });
}
function spoolFailed(overflowed, code2, signal, stderr) {
  if (overflowed || signal === "SIGXFSZ") return true;
  return code2 === 2 && stderr.trim() === "";
}
var RipgrepAttempt = class {
  constructor(run, output, sink, resolve2, reject) {
    this.run = run;
    this.output = output;
    this.resolve = resolve2;
    this.reject = reject;
    this.feed = (chunk) => sink.feed(chunk);
  }
  run;
  output;
  resolve;
  reject;
  child;
  stderr = "";
  stderrBytes = 0;
  exited = false;
  failure = null;
  overflowed = false;
  spoolRead = 0;
  watch;
  feed;
  start() {
    const { run, output } = this;
    try {
      const cwd = run.folder ? `/proc/self/fd/${run.folder.descriptor()}` : run.cwd;
      const stdin2 = run.input ? run.input.descriptor() : "ignore";
      const stdio = output.kind === "pipes" ? [stdin2, "pipe", "pipe"] : [stdin2, output.stdoutFd, output.stderrFd];
      this.child = new SupervisedChild({ file: run.binary, args: run.args, cwd, stdio }, run.timeoutMs, (reason) => this.stop(reason), run.stop);
    } catch (error2) {
      this.closeFiles();
      this.reject(startFailure2(run, error2));
      return;
    }
    if (output.kind === "spool") this.watchSpool(output);
    this.child.process.on(
      "error",
      (error2) => this.settle(() => {
        throw startFailure2(run, error2);
      })
    );
    if (output.kind === "pipes") this.readPipes();
    else this.readFilesAtExit(output);
  }
  get stopping() {
    return this.child.timedOut || this.child.interruptedBy !== null;
  }
  stop(reason) {
    this.kill();
    if (reason === "timeout" && this.exited && this.output.kind === "pipes") this.abandonPipes();
  }
  kill() {
    this.child.process.kill("SIGKILL");
  }
  closeFiles() {
    if (this.output.kind === "pipes") return;
    (0, import_node_fs16.closeSync)(this.output.stdoutFd);
    (0, import_node_fs16.closeSync)(this.output.stderrFd);
  }
  settle(outcome) {
    if (!this.child.settle()) return;
    if (this.watch !== void 0) clearInterval(this.watch);
    try {
      if (this.failure !== null) throw this.failure;
      this.resolve(outcome());
    } catch (error2) {
      this.reject(error2);
    } finally {
      this.closeFiles();
    }
  }
  exitOf(code2) {
    const { stderr } = this;
    const { timedOut, interruptedBy } = this.child;
    return interruptedBy !== null ? { exitCode: null, stderr, timedOut, interruptedBy } : { exitCode: timedOut ? null : code2, stderr, timedOut };
  }
  /**
   * 'close' waits for the pipes as well as the process: a child that the binary left behind (a
   * wrapper script's) may hold them open for as long as it likes. Past the limit, once the process
   * itself is gone, its pipes are given up.
   */
  abandonPipes() {
    this.child.process.stdout?.destroy();
    this.child.process.stderr?.destroy();
    this.settle(() => this.exitOf(null));
  }
  /**
   * The spool is read as it grows, so that its lines are taken in while ripgrep searches on, and is
   * given up as soon as it passes its cap; one that ends a little past it between two looks is whole.
   */
  watchSpool(output) {
    const buffer = Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES);
    this.watch = setInterval(() => {
      if (this.exited || this.stopping || this.overflowed || this.failure !== null) return;
      try {
        this.spoolRead = readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, buffer);
      } catch (error2) {
        this.failure = error2;
        this.kill();
        return;
      }
      if (this.spoolRead <= output.maxBytes) return;
      this.overflowed = true;
      this.kill();
    }, SEARCH_SPOOL_CHECK_INTERVAL_MS);
  }
  /** Temporary files: once ripgrep is gone, its stderr's start and the rest of its stdout. */
  readFilesAtExit(output) {
    const reused = output.kind === "spool" ? Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES) : void 0;
    this.child.process.on(
      "exit",
      (code2, signal) => this.settle(() => {
        this.exited = true;
        this.stderr = readStart(output.stderrFd, SEARCH_STDERR_KEEP_BYTES);
        if (output.kind === "spool" && !this.stopping && spoolFailed(this.overflowed, code2, signal, this.stderr)) return null;
        readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, reused);
        return this.exitOf(code2);
      })
    );
  }
  readPipes() {
    const child = this.child.process;
    child.stdout.on("data", (chunk) => {
      if (this.failure !== null || this.child.isSettled) return;
      try {
        this.feed(chunk);
      } catch (error2) {
        this.failure = error2;
        this.kill();
      }
    });
    child.stderr.on("data", (chunk) => {
      if (this.stderrBytes >= SEARCH_STDERR_KEEP_BYTES) return;
      const kept = chunk.subarray(0, SEARCH_STDERR_KEEP_BYTES - this.stderrBytes);
      this.stderrBytes += kept.length;
      this.stderr += kept.toString("utf8");
    });
    child.on("exit", () => {
      this.exited = true;
      if (this.child.timedOut) this.abandonPipes();
    });
    child.on("close", (code2) => this.settle(() => this.exitOf(code2)));
  }
};

// src/tools/code_search/node-io.ts
var CODE_SEARCH_NODE_IO = { search: nodeSearchProcesses };

// src/tools/code-node-io.generated.ts
var CODE_TOOLS_NODE_IO = { ...SHELL_NODE_IO, ...SHELL_STATUS_NODE_IO, ...FILE_READ_NODE_IO, ...CODE_SEARCH_NODE_IO };

// src/orchestrator/sandboxes/local/exec.ts
var import_node_child_process = require("node:child_process");

// src/contract/tools/spec.ts
function clampInteger(value, minimum, maximum) {
  return Math.min(maximum, Math.max(minimum, value));
}
function integerArg(spec, args, name) {
  const arg = spec.args[name];
  const value = typeof args[name] === "number" ? args[name] : arg.default;
  return clampInteger(value, arg.minimum ?? -Infinity, arg.maximum ?? Infinity);
}
function booleanArg(spec, args, name) {
  const value = args[name];
  return typeof value === "boolean" ? value : spec.args[name].default === true;
}
function stringArg(args, name) {
  const value = args[name];
  return typeof value === "string" ? value : void 0;
}

// src/contract/meta-schema.ts
var integer = { type: "integer" };
var integerOrNull = { type: ["integer", "null"] };
var string = { type: "string" };
var boolean = { type: "boolean" };

// src/tools/shell/contract.ts
var SHELL_SPEC = {
  name: "shell",
  description: "Run a bash command in the sandbox (tests, builds, git, gh) and return its combined stdout and stderr. A cd carries over to the next call; environment changes do not. Long output keeps its start and its end and names a log file with all of it. A command past its timeout is stopped (exit_code: 124). Start servers and other long-running processes with background: true and follow them with shell_status.",
  args: {
    command: { type: "string", required: true, description: "The bash command to run." },
    timeout_seconds: {
      type: "integer",
      default: SHELL_DEFAULT_TIMEOUT_SECONDS,
      minimum: SHELL_MIN_TIMEOUT_SECONDS,
      maximum: SHELL_MAX_TIMEOUT_SECONDS,
      description: `Seconds before the command is stopped (default ${SHELL_DEFAULT_TIMEOUT_SECONDS}, 1 to 600).`
    },
    background: {
      type: "boolean",
      default: false,
      description: "Start the command in the background and return at once with its id (b1, b2, \u2026) and log."
    }
  }
};
function resolveShellArgs(args) {
  return {
    command: args.command,
    timeoutSeconds: integerArg(SHELL_SPEC, args, "timeout_seconds"),
    background: booleanArg(SHELL_SPEC, args, "background")
  };
}
var SHELL_META_SCHEMA = {
  type: "object",
  properties: {
    exit_code: { type: ["integer", "null"], description: "null for a command started in the background" },
    cwd: { type: "string", description: "the working directory the command ran in" },
    timed_out: boolean,
    /** How long the command ran, in milliseconds (for a background start: how long starting it took). */
    elapsed_ms: integer,
    /** The full output's log, when the text elided part of it; a background command's log. */
    log_path: { type: "string", description: "the whole output, when the text left part of it out; a background command's log" },
    background_id: string
  },
  required: ["exit_code", "cwd", "timed_out", "elapsed_ms"]
};
var SHELL_CONTRACT = { spec: SHELL_SPEC, resolve: resolveShellArgs };

// src/tools/shell_status/contract.ts
var SHELL_STATUS_SPEC = {
  name: "shell_status",
  description: `Follow or stop background commands. Without id: every background command with its state. With id: its state, exit code and the last ${STATUS_LOG_TAIL_LINES} lines of its log. With id and stop: true, stop it.`,
  args: {
    id: { type: "string", description: "A background command id, such as b1." },
    stop: { type: "boolean", default: false, description: "Stop the command (needs id)." }
  }
};
function resolveShellStatusArgs(args) {
  return { id: stringArg(args, "id"), stop: booleanArg(SHELL_STATUS_SPEC, args, "stop") };
}
var SHELL_STATUS_META_SCHEMA = {
  type: "object",
  properties: {
    count: { type: "integer", description: "without id: how many background commands there are" },
    background_id: string,
    state: { type: "string", description: "running, exited N, stopping, stopped or ended" },
    log_path: string,
    exit_code: integerOrNull
  }
};
var SHELL_STATUS_CONTRACT = { spec: SHELL_STATUS_SPEC, resolve: resolveShellStatusArgs };

// src/tools/file_read/contract.ts
var FILE_READ_SPEC = {
  name: "file_read",
  description: `Read numbered lines of a text file inside the home. Returns at most ${FILE_READ_MAX_LIMIT_LINES} lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}); lines over ${FILE_READ_LINE_MAX_CHARS} characters are clipped; a result that would pass the byte cap stops early and says which offset continues it.`,
  args: {
    path: { type: "string", required: true, description: "The file, relative to the working directory, ~/\u2026, or absolute." },
    offset: { type: "integer", default: 1, minimum: 1, description: "The first line to return (default 1)." },
    limit: {
      type: "integer",
      default: FILE_READ_DEFAULT_LIMIT_LINES,
      minimum: 1,
      maximum: FILE_READ_MAX_LIMIT_LINES,
      description: `How many lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}, at most ${FILE_READ_MAX_LIMIT_LINES}).`
    }
  }
};
function resolveFileReadArgs(args) {
  return {
    path: args.path,
    offset: integerArg(FILE_READ_SPEC, args, "offset"),
    limit: integerArg(FILE_READ_SPEC, args, "limit")
  };
}
var FILE_READ_META_SCHEMA = {
  type: "object",
  properties: {
    /** Absolute, links resolved: two spellings of one file name the same path. */
    path: { type: "string", description: "absolute, links resolved" },
    /** The path as the text's header shows it: relative to the working directory. */
    display_path: string,
    /** The lines returned, first and last; null when none were (empty, binary, offset past the end). */
    range: {
      description: "the lines returned, first and last; null when none were",
      anyOf: [{ type: "array", items: integer, minItems: 2, maxItems: 2 }, { type: "null" }]
    },
    /** SHA-256 of the whole file's bytes, hex. */
    content_hash: { type: "string", description: "SHA-256 of the whole file, hex" },
    lines: integer,
    /** Present when the file is not UTF-8: `UTF-16 LE` or `UTF-16 BE` (a file with that byte-order mark). */
    encoding: { type: "string", enum: ["UTF-16 LE", "UTF-16 BE"] },
    /** Added by the orchestrator to a repeated read's meta (the helper never sends it). */
    repeat_of: { type: "integer", description: "the step whose result holds this text (a repeated read)" }
  },
  required: ["path", "display_path", "range", "content_hash", "lines"]
};
var FILE_READ_CONTRACT = { spec: FILE_READ_SPEC, resolve: resolveFileReadArgs };

// src/tools/code_search/contract.ts
var CODE_SEARCH_SPEC = {
  name: "code_search",
  description: `Search text in the code with ripgrep, respecting .gitignore. mode "files" (default) lists matching files with match counts (at most ${SEARCH_MAX_FILES}); mode "content" shows matching lines as path:line: text (at most ${SEARCH_MAX_LINES} lines, ${SEARCH_MAX_MATCHES_PER_FILE} per file). Paths are relative to the working directory and can be passed to file_read.`,
  args: {
    pattern: { type: "string", required: true, description: "A regular expression (Rust syntax), or a literal with fixed." },
    path: { type: "string", description: "The file or folder to search (default the working directory)." },
    glob: { type: "string", description: "Only files whose path matches this glob, such as *.ts or src/**." },
    mode: { type: "string", values: ["files", "content"], default: "files", description: '"files" or "content".' },
    fixed: { type: "boolean", default: false, description: "Treat the pattern as literal text." },
    ignore_case: { type: "boolean", default: false, description: "Match regardless of case." },
    context: {
      type: "integer",
      default: 0,
      minimum: 0,
      maximum: SEARCH_MAX_CONTEXT_LINES,
      description: "Lines of context around each match in content mode (0 to 5)."
    },
    limit: {
      type: "integer",
      minimum: 1,
      description: `Lower the maximum files (${SEARCH_MAX_FILES}) or lines (${SEARCH_MAX_LINES}) shown.`
    }
  }
};
function resolveCodeSearchArgs(args) {
  const mode = args.mode === "content" ? "content" : "files";
  const maximum = mode === "files" ? SEARCH_MAX_FILES : SEARCH_MAX_LINES;
  const limit = typeof args.limit === "number" ? args.limit : maximum;
  return {
    pattern: args.pattern,
    path: stringArg(args, "path") ?? null,
    glob: stringArg(args, "glob") || null,
    mode,
    fixed: booleanArg(CODE_SEARCH_SPEC, args, "fixed"),
    ignoreCase: booleanArg(CODE_SEARCH_SPEC, args, "ignore_case"),
    contextLines: integerArg(CODE_SEARCH_SPEC, args, "context"),
    limit: clampInteger(limit, 1, maximum)
  };
}
var CODE_SEARCH_META_SCHEMA = {
  type: "object",
  properties: {
    /** Every match ripgrep found, shown or not. */
    matches: integer,
    files: integer,
    /** Something found was left out: a limit, the byte cap, or the time limit. */
    truncated: boolean,
    /**
     * Matches and files that ignore files (.gitignore, .ignore, .rgignore) hid from the search; only
     * when the search showed all it found, an ignore file applies, and the count finished in time.
     */
    ignored_matches: integer,
    ignored_files: integer
  },
  required: ["matches", "files", "truncated"]
};
var CODE_SEARCH_CONTRACT = { spec: CODE_SEARCH_SPEC, resolve: resolveCodeSearchArgs };

// src/tools/code_task/contract.ts
var CODE_TASK_SPEC = {
  name: "code_task",
  description: "Hand code work to the sandbox's coding agent (its harness: Claude Code, Codex, Gemini CLI, OpenCode or the platform's own). The harness reads the repository, edits files and runs commands until the task is done; you get its status, the diffstat of what it changed, its final message and the log of everything it printed. Write the brief as you would for a colleague: the goal, where to look, how to know it is done. Then check the work with shell (run the tests, git diff), file_read and code_search, and resume the same session with what the checks found.",
  args: {
    brief: {
      type: "string",
      required: true,
      description: "The task in your words: what to change, where, and how to know it is done."
    },
    repo: {
      type: "string",
      description: "Where to work: a name under ~/repos/, or a folder inside the home. Default: the git repository holding the working directory, else the home's only repository."
    },
    session_id: {
      type: "string",
      description: "Resume the harness session an earlier code_task returned: same harness, same repository, its history kept."
    },
    notes: {
      type: "string",
      description: "Context given after the brief: constraints, what your checks found."
    },
    timeout_minutes: {
      type: "integer",
      default: CODE_TASK_DEFAULT_TIMEOUT_MINUTES,
      minimum: CODE_TASK_MIN_TIMEOUT_MINUTES,
      maximum: CODE_TASK_MAX_TIMEOUT_MINUTES,
      description: `Minutes before the harness is stopped (default ${CODE_TASK_DEFAULT_TIMEOUT_MINUTES}, ${CODE_TASK_MIN_TIMEOUT_MINUTES} to ${CODE_TASK_MAX_TIMEOUT_MINUTES}).`
    }
  }
};
var isValidSessionId = isValidId;
function textArg(args, name) {
  const value = stringArg(args, name);
  if (value?.includes("\0")) throw new ToolError("invalid_request", `code_task: ${name} contains a NUL byte`);
  return value;
}
function resolveCodeTaskArgs(args) {
  const brief = textArg(args, "brief");
  if (brief === void 0) throw new ToolError("invalid_request", "code_task: brief is required");
  if (brief.trim() === "") throw new ToolError("invalid_request", "code_task: brief is empty");
  const repo = textArg(args, "repo");
  if (repo !== void 0 && repo.trim() === "") throw new ToolError("invalid_request", "code_task: repo is empty");
  const sessionId = textArg(args, "session_id");
  if (sessionId !== void 0 && !isValidSessionId(sessionId)) {
    throw new ToolError("not_found", "code_task: no session with that id (session ids are 1 to 128 of A-Z a-z 0-9 _ . -)");
  }
  const notes = textArg(args, "notes");
  return {
    brief,
    repo,
    sessionId,
    notes: notes === void 0 || notes.trim() === "" ? void 0 : notes,
    timeoutMinutes: integerArg(CODE_TASK_SPEC, args, "timeout_minutes")
  };
}
var CODE_TASK_STATUSES = ["completed", "failed", "timed_out", "stopped"];
var HARNESS_NAMES = ["claude", "codex", "gemini", "opencode", "command"];
var CODE_TASK_META_SCHEMA = {
  type: "object",
  properties: {
    status: { type: "string", enum: CODE_TASK_STATUSES },
    harness: { type: "string", enum: HARNESS_NAMES },
    session_id: { type: ["string", "null"] },
    /** Absolute, links resolved. */
    repo: string,
    /** null when a signal ended the harness. */
    exit_code: integerOrNull,
    timed_out: boolean,
    elapsed_ms: integer,
    files_changed: integer,
    insertions: integer,
    deletions: integer,
    log_path: string,
    /** Only when the harness reports them. */
    turns: integer,
    input_tokens: integer,
    output_tokens: integer,
    cost_usd: { type: "number" }
  },
  required: ["status", "harness", "session_id", "repo", "exit_code", "timed_out", "elapsed_ms", "files_changed", "insertions", "deletions", "log_path"]
};
var CODE_TASK_CONTRACT = { spec: CODE_TASK_SPEC, resolve: resolveCodeTaskArgs };

// src/contract/tools/contracts.generated.ts
var CONTRACTS = [SHELL_CONTRACT, SHELL_STATUS_CONTRACT, FILE_READ_CONTRACT, CODE_SEARCH_CONTRACT, CODE_TASK_CONTRACT];

// src/contract/tools/index.ts
function contractOf(name) {
  const contract = CONTRACTS.find((each) => each.spec.name === name);
  if (contract === void 0) throw new Error(`${name} has a row in src/contract/registry.ts and no contract here`);
  return contract;
}
function tableOf(valueOf) {
  return Object.fromEntries(OP_NAMES.map((name) => [name, valueOf(name)]));
}
var TOOL_SPECS = tableOf((name) => contractOf(name).spec);
var RESOLVE_ARGS = tableOf(
  (name) => contractOf(name).resolve
);
function resolveArgs(name, args) {
  return RESOLVE_ARGS[name](args);
}
function checkRequest(value, known = OP_NAMES) {
  return checkedWith(validateRequest(value, known), resolveArgs);
}
function validateRequest(value, known = OP_NAMES) {
  if (known === OP_NAMES) return validateRequestWith(value, TOOL_SPECS);
  const specs = {};
  for (const name of known) specs[name] = TOOL_SPECS[name];
  return validateRequestWith(value, specs);
}

// src/tools/descriptor.ts
var SECOND_MS = 1e3;
function describeTool(contract, description) {
  const name = contract.spec.name;
  return { name, helper: HELPER_OF_TOOL[name], spec: contract.spec, resolve: contract.resolve, ...description };
}

// src/tools/row-parts.ts
var ROW_SEPARATOR = " \xB7 ";
function clipRow(text2) {
  return clipCharsWithin(text2, ROW_TEXT_MAX_CHARS);
}
function firstSayingLine(command) {
  for (const line of command.split(/\r?\n/)) {
    if (line.trim() !== "") return line.trim();
  }
  return "";
}
function givenText(args, name) {
  const value = args[name];
  return typeof value === "string" && value !== "" ? value : void 0;
}
function withText(verb, text2) {
  return text2 === void 0 || text2 === "" ? verb : `${verb} ${clipRow(text2)}`;
}

// src/tools/shell/notes.ts
function shellDeclarationNote() {
  return "Commands get the agent's home, its port block (a server listens on $PORT) and its secrets in the environment; stdin is closed, so a command that prompts fails instead of waiting.";
}
function shellMcpNote(home) {
  return `Use it to run a command, a test or a build (npm test, make, cargo build, git status, gh). The home is ${home}: a session's commands start there, with HOME set to it. stdin is closed, so a command that prompts fails instead of waiting.`;
}

// src/tools/shell/tool.ts
var SHELL_TOOL = describeTool(SHELL_CONTRACT, {
  metaSchema: SHELL_META_SCHEMA,
  title: "Run a shell command",
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  // Its own timeout, as resolved, plus the margin in which the helper stops the command and answers;
  // a background start too.
  timeoutMs: (args) => (args.timeoutSeconds + SHELL_TIMEOUT_MARGIN_SECONDS) * SECOND_MS,
  row(args, outcome) {
    const command = givenText(args, "command");
    const row = withText(args.background === true ? "Start" : "Run", command && firstSayingLine(command));
    const meta2 = outcome.meta ?? {};
    if (meta2.timed_out === true) return row + ROW_SEPARATOR + "timed out";
    if (typeof meta2.exit_code === "number" && meta2.exit_code !== 0) return `${row}${ROW_SEPARATOR}exit ${meta2.exit_code}`;
    return row;
  },
  notes: { declaration: shellDeclarationNote, mcp: ({ home }) => shellMcpNote(home) },
  // It may change anything.
  readOnly: () => false,
  // A command in the foreground may run for its whole timeout; a background start answers at once.
  reportsProgress: (args) => args.background !== true
});

// src/tools/view.ts
function markdownLiteral(text2) {
  return text2.split("\n").map((line) => {
    const escaped = line.replace(/[!-/:-@[-`{-~]/g, "\\$&");
    return escaped.replace(/^[ \t]+|[ \t]+$/g, (blanks2) => [...blanks2].map((blank) => `&#${blank.charCodeAt(0)};`).join(""));
  }).join("\n");
}
function code(text2) {
  return text2 === "" ? [] : [{ type: "code", text: text2 }];
}
function note(text2) {
  return text2 === "" ? [] : [{ type: "markdown", text: markdownLiteral(text2) }];
}
function noteWhen(isNote) {
  return (text2, meta2) => isNote(meta2) ? note(text2) : code(text2);
}

// src/tools/shell_status/notes.ts
function shellStatusDeclarationNote() {
  return "Background commands end when the machine's container stops for idleness.";
}
function shellStatusMcpNote() {
  return "Background commands keep running after this session ends, until they exit or are stopped.";
}

// src/tools/shell_status/tool.ts
var SHELL_STATUS_TOOL = describeTool(SHELL_STATUS_CONTRACT, {
  metaSchema: SHELL_STATUS_META_SCHEMA,
  title: "Follow or stop background commands",
  // It reads, but with stop: true it ends a process, and a tool's hints hold for every call of it:
  // it is not read-only.
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => OP_TIMEOUT_SECONDS * SECOND_MS,
  row(args) {
    const id = givenText(args, "id");
    if (id === void 0) return "List background commands";
    return withText(args.stop === true ? "Stop" : "Check", id);
  },
  notes: { declaration: shellStatusDeclarationNote, mcp: shellStatusMcpNote },
  readOnly: (args) => !args.stop,
  reportsProgress: () => false,
  // Saying that no command runs in the background is a note.
  view: { parts: noteWhen((meta2) => meta2.count === 0) }
});

// src/tools/file_read/notes.ts
function fileReadDeclarationNote(resultMaxBytes2) {
  return `The byte cap is ${resultMaxBytes2} bytes. A read of lines that one earlier read of this run already returned, with the file unchanged, returns one line instead: "<path> lines a\u2013b: unchanged since step N; read that result." The text is in the result of step N.`;
}
function fileReadMcpNote(home, resultMaxBytes2, readPointers) {
  const pointer = readPointers ? ` A read of lines that an earlier read of this session already returned, with the file unchanged, returns one line instead: "<path> lines a\u2013b: unchanged since step N; read that result." Step N is the session's Nth call of these tools; its result holds the text.` : "";
  return `Paths are confined to the home, ${home}. The byte cap is ${resultMaxBytes2} bytes.${pointer}`;
}

// src/tools/file_read/tool.ts
var FILE_READ_TOOL = describeTool(FILE_READ_CONTRACT, {
  metaSchema: FILE_READ_META_SCHEMA,
  title: "Read a file",
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => OP_TIMEOUT_SECONDS * SECOND_MS,
  row(args, outcome) {
    let row = withText("Read", givenText(args, "path"));
    const offset = args.offset;
    if (typeof offset === "number" && Number.isInteger(offset) && offset > 1) row += ` from line ${offset}`;
    if (outcome.repeatOf !== void 0) row += `${ROW_SEPARATOR}unchanged since step ${outcome.repeatOf}`;
    return row;
  },
  notes: {
    declaration: fileReadDeclarationNote,
    mcp: ({ home, resultMaxBytes: resultMaxBytes2, readPointers }) => fileReadMcpNote(home, resultMaxBytes2, readPointers)
  },
  readOnly: () => true,
  reportsProgress: () => false,
  // A pointer to an earlier read, or the note of a read that returned no lines (empty, binary, offset past the end), is a note.
  view: { parts: noteWhen((meta2) => meta2.repeat_of !== void 0 || meta2.range === null), foldsRepeatedReads: true }
});

// src/tools/code_search/notes.ts
function codeSearchDeclarationNote() {
  return `A search is stopped after ${SEARCH_TIMEOUT_SECONDS} s and shows what it found by then.`;
}
function codeSearchMcpNote(home) {
  return `Use it to find where a name is defined or used, as grep or rg would, before reading the file. Paths are confined to the home, ${home}. A search is stopped after ${SEARCH_TIMEOUT_SECONDS} s and shows what it found by then.`;
}

// src/tools/code_search/tool.ts
var CODE_SEARCH_TOOL = describeTool(CODE_SEARCH_CONTRACT, {
  metaSchema: CODE_SEARCH_META_SCHEMA,
  title: "Search the code",
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => OP_TIMEOUT_SECONDS * SECOND_MS,
  row(args) {
    const row = args.mode === "content" ? "Search lines" : "Search files";
    const path = givenText(args, "path");
    return path === void 0 ? row : `${row} in ${clipRow(path)}`;
  },
  notes: { declaration: codeSearchDeclarationNote, mcp: ({ home }) => codeSearchMcpNote(home) },
  readOnly: () => true,
  // Heartbeats only (SPEC section 9): a search over a large tree may run for long.
  reportsProgress: () => true,
  // `no matches …` is a note.
  view: { parts: noteWhen((meta2) => meta2.matches === 0) }
});

// src/text/elapsed.ts
var SECOND_MS2 = 1e3;
var MINUTE_SECONDS = 60;
var HOUR_SECONDS = 3600;
var DAY_SECONDS = 86400;
function twoDigits(value) {
  return String(value).padStart(2, "0");
}
function formatElapsed(milliseconds) {
  const seconds = Math.max(0, Math.floor(milliseconds / SECOND_MS2));
  if (seconds < MINUTE_SECONDS) return `${seconds}s`;
  if (seconds < HOUR_SECONDS) return `${Math.floor(seconds / MINUTE_SECONDS)}m${twoDigits(seconds % MINUTE_SECONDS)}s`;
  if (seconds < DAY_SECONDS) {
    return `${Math.floor(seconds / HOUR_SECONDS)}h${twoDigits(Math.floor(seconds % HOUR_SECONDS / MINUTE_SECONDS))}m`;
  }
  return `${Math.floor(seconds / DAY_SECONDS)}d${twoDigits(Math.floor(seconds % DAY_SECONDS / HOUR_SECONDS))}h`;
}

// src/tools/code_task/block.ts
var LOG_PREFIX = "log: ";
function text(value) {
  return typeof value === "string" ? value : "";
}
function codeTaskBlock(args, meta2, answer) {
  const lines = answer.split("\n");
  const firstBlank = lines.indexOf("", 1);
  const diffstat = lines.slice(1, firstBlank < 0 ? lines.length : firstBlank);
  let logIndex = lines.length - 1;
  while (logIndex > 0 && !lines[logIndex].startsWith(LOG_PREFIX)) logIndex--;
  const messageEnd = logIndex > 0 && lines[logIndex - 1] === "" ? logIndex - 1 : logIndex;
  const finalMessage = firstBlank < 0 || messageEnd <= firstBlank ? "" : lines.slice(firstBlank + 1, messageEnd).join("\n");
  return {
    title: clipCharsWithin(firstSayingLine(text(args.brief)), BRIEF_FIRST_LINE_MAX_CHARS),
    headline: lines[0],
    status: text(meta2.status),
    elapsed: typeof meta2.elapsed_ms === "number" ? formatElapsed(meta2.elapsed_ms) : "",
    harness: text(meta2.harness),
    session: typeof meta2.session_id === "string" ? meta2.session_id : null,
    diffstat,
    finalMessage,
    log: text(meta2.log_path) || (logIndex > 0 ? lines[logIndex].slice(LOG_PREFIX.length) : "")
  };
}

// src/tools/code_task/view.ts
var LOG_PREFIX2 = "log: ";
var NO_FINAL_MESSAGE = "(no final message)";
function codeTaskParts(text2) {
  const lines = text2.split("\n");
  const firstBlank = lines.indexOf("", 1);
  if (firstBlank < 0) return code(text2);
  let logIndex = lines.length - 1;
  while (logIndex > firstBlank && !lines[logIndex].startsWith(LOG_PREFIX2)) logIndex--;
  const hasLog = logIndex > firstBlank;
  const messageEnd = hasLog ? lines[logIndex - 1] === "" ? logIndex - 1 : logIndex : lines.length;
  const message = lines.slice(firstBlank + 1, messageEnd).join("\n");
  return [
    ...code(lines.slice(0, firstBlank).join("\n")),
    ...message === NO_FINAL_MESSAGE ? note(message) : message.trim() === "" ? [] : [{ type: "markdown", text: message }],
    ...hasLog ? code(lines.slice(logIndex).join("\n")) : []
  ];
}
var CODE_TASK_VIEW = { parts: codeTaskParts, block: codeTaskBlock };

// src/tools/code_task/notes.ts
function codeTaskNote() {
  return "The harness edits; the other four tools check. It works in its own session of the repository and returns when it is done: do not also edit the same files while it runs.";
}

// src/tools/code_task/tool.ts
var MINUTE_SECONDS2 = 60;
var CODE_TASK_TOOL = describeTool(CODE_TASK_CONTRACT, {
  metaSchema: CODE_TASK_META_SCHEMA,
  title: "Hand a code task to the coding agent",
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  // Its minutes plus a minute: the harness's grace, both snapshots, the answer.
  timeoutMs: (args) => (args.timeoutMinutes * MINUTE_SECONDS2 + CODE_TASK_TIMEOUT_MARGIN_SECONDS) * SECOND_MS,
  row(args, outcome) {
    const row = withText("Code task", firstSayingLine(givenText(args, "brief") ?? ""));
    const status = outcome.meta?.status;
    return typeof status === "string" && status !== "completed" ? `${row}${ROW_SEPARATOR}${status.replace("_", " ")}` : row;
  },
  notes: { declaration: codeTaskNote, mcp: codeTaskNote },
  // It edits the repository.
  readOnly: () => false,
  reportsProgress: () => true,
  view: CODE_TASK_VIEW
});

// src/tools/descriptors.generated.ts
var DESCRIPTORS = [SHELL_TOOL, SHELL_STATUS_TOOL, FILE_READ_TOOL, CODE_SEARCH_TOOL, CODE_TASK_TOOL];

// src/tools/descriptors.ts
function descriptorOf(name) {
  const descriptor = DESCRIPTORS.find((each) => each.name === name);
  if (descriptor === void 0) throw new Error(`${name} has a row in src/contract/registry.ts and no descriptor here`);
  return descriptor;
}
var TOOL_DESCRIPTORS = Object.fromEntries(OP_NAMES.map((name) => [name, descriptorOf(name)]));
function descriptorNamed(name) {
  return Object.hasOwn(TOOL_DESCRIPTORS, name) ? TOOL_DESCRIPTORS[name] : void 0;
}

// src/orchestrator/request.ts
var REPOSITORIES_FOLDER = "repos";
function wireRequest(request) {
  return {
    op: request.op,
    args: request.args,
    run_id: request.runId,
    agent_id: request.agentId,
    call_id: request.callId,
    default_cwd: request.defaultCwd,
    max_bytes: request.maxBytes,
    ...request.progress === null ? {} : { progress: progressField(request.progress) },
    ...request.telemetry === true ? { telemetry: true } : {},
    ...request.traceContext === void 0 ? {} : { ...request.traceContext }
  };
}
function resultMaxBytes(setting) {
  let value;
  if (typeof setting === "number") value = setting;
  else if (typeof setting === "string" && /^\s*\d+\s*$/.test(setting)) value = Number(setting);
  else return RESULT_DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(value) || value < 0) return RESULT_DEFAULT_MAX_BYTES;
  return Math.min(PLATFORM_RESULT_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, value));
}
function repositoryFolder(name) {
  return `${REPOSITORIES_FOLDER}/${name}`;
}
function defaultCwdFor(repositories) {
  return repositories.length === 1 ? repositoryFolder(repositories[0].name) : "";
}
function checkRepositoryName(name) {
  if (name === "" || name === "." || name === ".." || /[/\0]/.test(name)) {
    throw new TypeError(`invalid repository name ${JSON.stringify(name)}: it must be one folder name`);
  }
}
function helperTimeoutMs(checked) {
  const descriptor = TOOL_DESCRIPTORS[checked.op];
  return descriptor.timeoutMs(checked.args);
}
function helperEnvironment(agentEnv, repositories, folderTokens = {}) {
  const env = { ...agentEnv };
  delete env[REPO_TOKENS_VARIABLE];
  const tokens = { ...folderTokens };
  for (const repository of repositories) {
    if (repository.token) tokens[repositoryFolder(repository.name)] = repository.token;
  }
  if (Object.keys(tokens).length > 0) env[REPO_TOKENS_VARIABLE] = JSON.stringify(tokens);
  const extraCaCerts = env[NODE_EXTRA_CA_CERTS_VARIABLE];
  if (extraCaCerts) {
    env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE] = extraCaCerts;
    env[NODE_EXTRA_CA_CERTS_VARIABLE] = "";
  }
  return env;
}

// src/orchestrator/declarations.ts
function orchestratorNotes(resultMaxBytes2) {
  const notes = {};
  for (const name of OP_NAMES) notes[name] = TOOL_DESCRIPTORS[name].notes.declaration(resultMaxBytes2);
  return notes;
}
function argumentSchema(arg) {
  const schema = { type: arg.type, description: arg.description };
  if (arg.values) schema.enum = [...arg.values];
  if (arg.default !== void 0) schema.default = arg.default;
  if (arg.minimum !== void 0) schema.minimum = arg.minimum;
  if (arg.maximum !== void 0) schema.maximum = arg.maximum;
  return schema;
}
function parametersSchema(spec) {
  const properties = {};
  const required2 = [];
  for (const [name, arg] of Object.entries(spec.args)) {
    properties[name] = argumentSchema(arg);
    if (arg.required) required2.push(name);
  }
  return { type: "object", properties, required: required2, additionalProperties: false };
}
function toolDeclaration(spec, resultMaxBytes2 = RESULT_DEFAULT_MAX_BYTES) {
  return {
    name: spec.name,
    description: `${spec.description} ${orchestratorNotes(resultMaxBytes2)[spec.name]}`,
    parameters: parametersSchema(spec)
  };
}
function declarationsFor(resultMaxBytes2) {
  return OP_NAMES.map((name) => toolDeclaration(TOOL_SPECS[name], resultMaxBytes2));
}
var CODE_TOOL_DECLARATIONS = declarationsFor(RESULT_DEFAULT_MAX_BYTES);
function isCodeTool(name) {
  return OP_NAMES.includes(name);
}

// src/orchestrator/format.ts
function argumentsNotJson(tool) {
  return new ToolError("invalid_request", `${tool}: the arguments are not valid JSON`);
}
function argumentsNotObject(tool) {
  return new ToolError("invalid_request", `${tool}: the arguments must be a JSON object`);
}
function unknownTool(shown, tools) {
  return new ToolError("invalid_request", `unknown tool '${shown}' (the code tools are ${tools.join(", ")})`);
}
function pointerText(displayPath, range, seq) {
  return `${displayPath} lines ${range[0]}\u2013${range[1]}: unchanged since step ${seq}; read that result.`;
}
function remainingToolCallsTrailer(remaining) {
  return `

remaining_tool_calls: ${remaining}`;
}
var STREAM_ENDED_DURING_CALL = "the helper's stream ended during the call; it may have run";
var PROGRESS_NOT_STREAMED = "this sandbox runs each call cold: its progress is not shown while it runs, only its answer";

// src/orchestrator/pipeline.ts
var REDACTION_MASK = "[REDACTED]";
function redact(text2, secretValues) {
  if (secretValues.length === 0) return text2;
  const values = [...new Set(secretValues.filter((value) => value !== ""))].sort((a, b) => b.length - a.length);
  let result = text2;
  for (const value of values) {
    if (result.includes(value)) result = result.split(value).join(REDACTION_MASK);
  }
  return result;
}
function redactCut(text2, secretValues, minChars = REDACT_CUT_SECRET_MIN_CHARS) {
  const result = redact(text2, secretValues);
  if (!result.endsWith(CLIP_MARK)) return result;
  const body = result.slice(0, -CLIP_MARK.length);
  for (const value of secretValues) {
    for (let length = Math.min(value.length - 1, body.length); length >= minChars; length--) {
      if (body.endsWith(value.slice(0, length))) return body.slice(0, body.length - length) + REDACTION_MASK + CLIP_MARK;
    }
  }
  return result;
}
function redactProgressEvent(event, secretValues) {
  if (event.type === "heartbeat" || secretValues.length === 0) return event;
  return { ...event, text: redactCut(event.text, secretValues) };
}
function applyPipeline(text2, options = {}) {
  const redacted = redact(text2, options.secretValues ?? []);
  const capped = capText(redacted, PLATFORM_RESULT_MAX_BYTES);
  const trailer = options.remainingToolCalls === void 0 ? "" : remainingToolCallsTrailer(options.remainingToolCalls);
  return { text: capped + trailer, cut: capped !== redacted };
}

// src/orchestrator/telemetry/conventions.ts
var INSTRUMENTATION_SCOPE = "guilds-code";
var EXECUTE_TOOL = "execute_tool";
var TOOL_TYPE = "function";
var OTHER = "_OTHER";
var ATTRIBUTES = {
  operationName: "gen_ai.operation.name",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
  toolCallArguments: "gen_ai.tool.call.arguments",
  errorType: "error.type",
  runId: "guilds_code.run.id",
  agentId: "guilds_code.agent.id",
  sandboxKind: "guilds_code.sandbox.kind",
  sandboxRuntime: "guilds_code.sandbox.runtime",
  callMode: "guilds_code.call.mode",
  outcome: "guilds_code.outcome",
  exitCode: "guilds_code.exit_code",
  timedOut: "guilds_code.timed_out",
  elidedBytes: "guilds_code.elided_bytes",
  repeatOf: "guilds_code.repeat_of",
  taskStatus: "guilds_code.task.status",
  resultBytes: "guilds_code.result.bytes",
  resultCut: "guilds_code.result.cut",
  helper: "guilds_code.helper",
  fallbackReason: "guilds_code.fallback.reason",
  sandboxStart: "guilds_code.sandbox.start",
  elapsedMs: "guilds_code.elapsed_ms",
  outputBytes: "guilds_code.output.bytes",
  outputSkippedBytes: "guilds_code.output.skipped_bytes",
  stepKind: "guilds_code.step.kind"
};
var SPAN_NAMES = {
  requestFile: "guilds_code.request_file",
  exec: "guilds_code.exec",
  stream: "guilds_code.stream",
  helperStart: "guilds_code.helper.start",
  helperRun: "guilds_code.helper.run",
  helperShape: "guilds_code.helper.shape"
};
var EVENT_NAMES = {
  output: "guilds_code.output",
  step: "guilds_code.step",
  heartbeat: "guilds_code.heartbeat"
};
var METRICS = {
  duration: { name: "gen_ai.execute_tool.duration", unit: "s", description: "Duration of a code tool call, from the model's call to its result." },
  helperFailures: { name: "guilds_code.helper.failures", unit: "{failure}", description: 'Calls that ended "code helper failed": the helper gave no envelope.' },
  streamRestarts: { name: "guilds_code.warm_stream.restarts", unit: "{stream}", description: "Warm streams opened again after the last one of their helper ended." },
  coldFallbacks: { name: "guilds_code.warm_stream.cold_fallbacks", unit: "{call}", description: "Calls a warm runner ran cold." },
  sandboxStarts: { name: "guilds_code.sandbox.starts", unit: "{start}", description: "Sandbox containers started, first or again." },
  sandboxStartFailures: { name: "guilds_code.sandbox.start_failures", unit: "{start}", description: "Sandbox starts that failed." },
  activeCalls: { name: "guilds_code.execute_tool.active_calls", unit: "{call}", description: "Code tool calls in flight." }
};
var DURATION_BUCKETS_SECONDS = [
  5e-3,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
  10,
  30,
  60,
  120,
  300,
  600,
  1800,
  3600,
  7200
];
function callOutcome(facts) {
  if (!facts.ok) return "error";
  const { meta: meta2 } = facts;
  if (facts.cancelled || meta2.status === "stopped") return "stopped";
  if (meta2.timed_out === true || meta2.status === "timed_out") return "timed_out";
  if (meta2.status === "failed") return "task_failed";
  if (typeof meta2.exit_code === "number" && meta2.exit_code !== 0) return "exit_nonzero";
  return "ok";
}
function errorType(facts) {
  if (facts.ok) return void 0;
  return facts.kind ?? OTHER;
}
function toolNameAttribute(tool) {
  return typeof tool === "string" && isCodeTool(tool) ? tool : OTHER;
}
function startAttributes(call, sandbox) {
  const attributes = {
    [ATTRIBUTES.operationName]: EXECUTE_TOOL,
    [ATTRIBUTES.toolName]: toolNameAttribute(call.tool),
    [ATTRIBUTES.toolCallId]: call.callId,
    [ATTRIBUTES.toolType]: TOOL_TYPE,
    [ATTRIBUTES.runId]: call.runId,
    [ATTRIBUTES.agentId]: call.agentId,
    [ATTRIBUTES.sandboxKind]: sandbox.kind
  };
  if (sandbox.runtime !== void 0) attributes[ATTRIBUTES.sandboxRuntime] = sandbox.runtime;
  return attributes;
}
function endAttributes(facts) {
  const { meta: meta2 } = facts;
  const attributes = { [ATTRIBUTES.outcome]: callOutcome(facts) };
  const error2 = errorType(facts);
  if (error2 !== void 0) attributes[ATTRIBUTES.errorType] = error2;
  if (facts.mode !== void 0) attributes[ATTRIBUTES.callMode] = facts.mode;
  if (typeof meta2.exit_code === "number") attributes[ATTRIBUTES.exitCode] = meta2.exit_code;
  if (typeof meta2.timed_out === "boolean") attributes[ATTRIBUTES.timedOut] = meta2.timed_out;
  if (facts.elidedBytes !== void 0) attributes[ATTRIBUTES.elidedBytes] = facts.elidedBytes;
  if (typeof meta2.repeat_of === "number") attributes[ATTRIBUTES.repeatOf] = meta2.repeat_of;
  if (typeof meta2.status === "string") attributes[ATTRIBUTES.taskStatus] = meta2.status;
  attributes[ATTRIBUTES.resultBytes] = utf8Bytes(facts.text);
  attributes[ATTRIBUTES.resultCut] = facts.cut;
  return attributes;
}
function durationAttributes(tool, facts, sandbox) {
  const attributes = {
    [ATTRIBUTES.operationName]: EXECUTE_TOOL,
    [ATTRIBUTES.toolName]: toolNameAttribute(tool),
    [ATTRIBUTES.toolType]: TOOL_TYPE,
    [ATTRIBUTES.outcome]: callOutcome(facts),
    [ATTRIBUTES.sandboxKind]: sandbox.kind
  };
  const error2 = errorType(facts);
  if (error2 !== void 0) attributes[ATTRIBUTES.errorType] = error2;
  if (facts.mode !== void 0) attributes[ATTRIBUTES.callMode] = facts.mode;
  return attributes;
}
function progressSpanEvent(event) {
  const attributes = { [ATTRIBUTES.elapsedMs]: event.elapsed_ms };
  switch (event.type) {
    case "output":
      attributes[ATTRIBUTES.outputBytes] = event.bytes;
      if (event.skipped_bytes !== void 0) attributes[ATTRIBUTES.outputSkippedBytes] = event.skipped_bytes;
      return { name: EVENT_NAMES.output, attributes };
    case "step":
      attributes[ATTRIBUTES.stepKind] = event.kind;
      return { name: EVENT_NAMES.step, attributes };
    case "heartbeat":
      return { name: EVENT_NAMES.heartbeat, attributes };
  }
}
function traceContextFor(context) {
  const flags = (context.traceFlags & 255).toString(16).padStart(2, "0");
  const traceparent = `00-${context.traceId}-${context.spanId}-${flags}`;
  if (!isTraceparent(traceparent)) return null;
  const tracestate = tracestateWithin(context.traceState?.serialize() ?? "", TRACESTATE_MAX_CHARS);
  return tracestate === "" ? { traceparent } : { traceparent, tracestate };
}
function tracestateWithin(tracestate, maxChars) {
  if (tracestate.length <= maxChars) return tracestate;
  let kept = "";
  for (const member of tracestate.split(",")) {
    const next = kept === "" ? member : `${kept},${member}`;
    if (next.length > maxChars) break;
    kept = next;
  }
  return kept;
}
function masked(value, secretValues) {
  if (typeof value === "string") return redact(value, secretValues);
  if (Array.isArray(value)) return value.map((item) => masked(item, secretValues));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secretValues), masked(item, secretValues)]));
  return value;
}
function recordedArguments(args, secretValues) {
  let value = args;
  if (typeof args === "string") {
    try {
      value = JSON.parse(args);
    } catch {
    }
  }
  return capText(JSON.stringify(masked(value, secretValues)) ?? "null", SPAN_ARGUMENTS_MAX_BYTES);
}

// src/orchestrator/telemetry/api.ts
var API_GLOBAL_KEY = /* @__PURE__ */ Symbol.for("opentelemetry.js.api.1");
function otelRegistered() {
  const registered = globalThis[API_GLOBAL_KEY];
  if (typeof registered !== "object" || registered === null) return false;
  return "trace" in registered || "metrics" in registered;
}
var api;
var loading;
function otelApi() {
  if (!otelRegistered()) return null;
  if (api !== void 0) return api;
  loading ??= import("@opentelemetry/api").then(
    (module2) => api = module2,
    () => api = null
  );
  return loading;
}

// src/orchestrator/telemetry/instruments.ts
var made = /* @__PURE__ */ new WeakMap();
function instrumentsOf(api2) {
  const provider = api2.metrics.getMeterProvider();
  let instruments = made.get(provider);
  if (instruments !== void 0) return instruments;
  const meter = api2.metrics.getMeter(INSTRUMENTATION_SCOPE);
  const options = (metric) => ({ unit: metric.unit, description: metric.description });
  instruments = {
    duration: meter.createHistogram(METRICS.duration.name, { ...options(METRICS.duration), advice: { explicitBucketBoundaries: [...DURATION_BUCKETS_SECONDS] } }),
    helperFailures: meter.createCounter(METRICS.helperFailures.name, options(METRICS.helperFailures)),
    streamRestarts: meter.createCounter(METRICS.streamRestarts.name, options(METRICS.streamRestarts)),
    coldFallbacks: meter.createCounter(METRICS.coldFallbacks.name, options(METRICS.coldFallbacks)),
    sandboxStarts: meter.createCounter(METRICS.sandboxStarts.name, options(METRICS.sandboxStarts)),
    sandboxStartFailures: meter.createCounter(METRICS.sandboxStartFailures.name, options(METRICS.sandboxStartFailures)),
    activeCalls: meter.createUpDownCounter(METRICS.activeCalls.name, options(METRICS.activeCalls))
  };
  made.set(provider, instruments);
  return instruments;
}

// src/orchestrator/sandboxes/shared.ts
var EXEC_STDOUT_MAX_BYTES = 16 * 1048576;
var EXEC_STDERR_KEEP_BYTES = 65536;
var EXEC_PIPE_DRAIN_MS = 1e3;
var NEVER_STARTED_EXIT_CODE = 127;
var Tail = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  chunks = [];
  size = 0;
  push(chunk) {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0].length >= this.limit) this.size -= this.chunks.shift().length;
  }
  text() {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString("utf8");
  }
};
var ExecOutput = class {
  constructor(stdoutMaxBytes, stderrKeepBytes) {
    this.stdoutMaxBytes = stdoutMaxBytes;
    this.stderr = new Tail(stderrKeepBytes);
  }
  stdoutMaxBytes;
  stdout = [];
  stdoutBytes = 0;
  stderr;
  addStdout(chunk) {
    if (this.stdoutBytes >= this.stdoutMaxBytes) return;
    this.stdout.push(chunk);
    this.stdoutBytes += chunk.length;
  }
  addStderr(chunk) {
    this.stderr.push(chunk);
  }
  /** The result, `note` (a line the sandbox adds) after the command's own stderr. */
  result(exitCode, timedOut, note2 = "") {
    return { stdout: Buffer.concat(this.stdout).toString("utf8"), stderr: this.stderr.text() + note2, exitCode, timedOut };
  }
};
function locationUnder(path, roots) {
  for (const [inside, base] of roots) {
    if (!path.startsWith(`${inside}/`)) continue;
    const names = path.slice(inside.length + 1).split("/");
    if (names.some((name) => name === "" || name === "." || name === "..")) return void 0;
    return { base, names };
  }
  return void 0;
}

// src/orchestrator/sandboxes/local/exec.ts
function terminate(pid) {
  process.kill(pid, "SIGTERM");
}
function trySignal(send) {
  try {
    send();
  } catch {
  }
}
async function execLocal({ argv, env, expiration }, cwd, askToStop = terminate) {
  const child = (0, import_node_child_process.spawn)(argv[0], argv.slice(1), {
    cwd,
    env: { ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that a stop reaches whatever it started in that group.
    detached: true
  });
  const output = new ExecOutput(EXEC_STDOUT_MAX_BYTES, EXEC_STDERR_KEEP_BYTES);
  child.stdout.on("data", (chunk) => output.addStdout(chunk));
  child.stderr.on("data", (chunk) => output.addStderr(chunk));
  const ended = childEnd(child);
  const timedOut = await expiration.follow(ended, {
    timeout: () => trySignal(() => child.pid !== void 0 && process.kill(-child.pid, "SIGKILL")),
    abort: () => trySignal(() => child.pid !== void 0 && child.exitCode === null && askToStop(child.pid))
  });
  const { exitCode, spawnError } = await ended;
  child.stdout.destroy();
  child.stderr.destroy();
  return output.result(exitCode, timedOut, spawnError ? `${spawnError.message}
` : "");
}
function childEnd(child) {
  return new Promise((resolve2) => {
    let exitCode = null;
    let drain;
    const settle2 = (spawnError) => {
      clearTimeout(drain);
      resolve2(spawnError === void 0 ? { exitCode } : { exitCode: NEVER_STARTED_EXIT_CODE, spawnError });
    };
    child.on("error", settle2);
    child.on("exit", (code2) => {
      exitCode = code2;
      drain = setTimeout(() => settle2(), EXEC_PIPE_DRAIN_MS);
    });
    child.on("close", () => settle2());
  });
}
var OPENED_EXIT_GRACE_MS = 5e3;
async function endOpened(opened, graceMs = OPENED_EXIT_GRACE_MS) {
  const waits = [...opened].map(async ([exec, { pid, closed }]) => {
    exec.end();
    for (const signal of ["SIGTERM", "SIGKILL"]) {
      if (await settlesWithin(closed, graceMs)) return;
      try {
        if (pid !== void 0) process.kill(signal === "SIGKILL" ? -pid : pid, signal);
      } catch {
      }
    }
    await closed;
  });
  await Promise.all(waits);
}
function settlesWithin(promise, ms) {
  let timer;
  const late = new Promise((resolve2) => timer = setTimeout(() => resolve2(false), ms));
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}
function openLocal(argv, env, cwd, handlers, opened) {
  const child = (0, import_node_child_process.spawn)(argv[0], argv.slice(1), { cwd, env: { ...env }, stdio: ["pipe", "pipe", "ignore"], detached: true });
  let started = false;
  let closed = false;
  const exec = {
    write: (text2) => {
      if (!closed && child.stdin.writable) child.stdin.write(text2);
    },
    end: () => {
      if (!closed) child.stdin.end();
    }
  };
  let markClosed = () => void 0;
  const whenClosed = new Promise((resolve2) => markClosed = resolve2);
  const close = () => {
    if (closed) return;
    closed = true;
    opened.delete(exec);
    child.stdin.destroy();
    markClosed();
    handlers.closed(started);
  };
  child.on("spawn", () => started = true);
  child.stdin.on("error", () => void 0);
  child.stdout.on("data", (chunk) => handlers.stdout(chunk));
  child.on("error", close);
  child.on("close", close);
  child.unref();
  child.stdout.unref?.();
  child.stdin.unref?.();
  opened.set(exec, { pid: child.pid, closed: whenClosed });
  return exec;
}

// src/orchestrator/sandboxes/machine.ts
var import_node_crypto = require("node:crypto");
var import_node_fs17 = require("node:fs");
function writeWithoutFollowing(base, names, bytes) {
  const folderFlags = import_node_fs17.constants.O_RDONLY | import_node_fs17.constants.O_DIRECTORY | import_node_fs17.constants.O_NOFOLLOW;
  let folder = (0, import_node_fs17.openSync)(base, folderFlags);
  try {
    for (const name of names.slice(0, -1)) {
      const next = (0, import_node_fs17.openSync)(`/proc/self/fd/${folder}/${name}`, folderFlags);
      (0, import_node_fs17.closeSync)(folder);
      folder = next;
    }
    const last = names.at(-1);
    const temporary = `/proc/self/fd/${folder}/.${last}.${(0, import_node_crypto.randomBytes)(6).toString("hex")}.tmp`;
    const file = (0, import_node_fs17.openSync)(temporary, import_node_fs17.constants.O_WRONLY | import_node_fs17.constants.O_CREAT | import_node_fs17.constants.O_EXCL | import_node_fs17.constants.O_NOFOLLOW, 384);
    try {
      (0, import_node_fs17.writeSync)(file, bytes);
    } catch (error2) {
      (0, import_node_fs17.closeSync)(file);
      (0, import_node_fs17.unlinkSync)(temporary);
      throw error2;
    }
    (0, import_node_fs17.closeSync)(file);
    (0, import_node_fs17.renameSync)(temporary, `/proc/self/fd/${folder}/${last}`);
  } finally {
    (0, import_node_fs17.closeSync)(folder);
  }
}

// src/contract/stream.ts
var streamReasons = {
  lineTooLong: (maxBytes) => `a request line passes ${maxBytes} bytes`,
  callRunning: (callId) => `call_id ${callId} is already running on this stream`
};
var utf8Strict2 = new TextDecoder("utf-8", { fatal: true });
function callRunning(callId) {
  return invalidRequest(streamReasons.callRunning(callId));
}
function requestLine(request) {
  return `${JSON.stringify(request)}
`;
}
function cancelLine(callId) {
  return `${JSON.stringify({ cancel: callId })}
`;
}
function parseOutputLine(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isPlainObject(value)) return null;
  if (Object.hasOwn(value, "progress")) {
    const progress = parseProgressObject(value);
    return progress === null || Object.hasOwn(value, "envelope") ? null : { kind: "progress", ...progress };
  }
  if (!isPlainObject(value.envelope)) return null;
  const callId = value.call_id;
  if (callId !== null && typeof callId !== "string") return null;
  return { kind: "answer", callId, envelope: value.envelope };
}

// src/text/line-splitter.ts
var NEWLINE = 10;
var LineBytes = class {
  constructor(sink, maxLineBytes) {
    this.sink = sink;
    this.maxLineBytes = maxLineBytes;
  }
  sink;
  maxLineBytes;
  pieces = [];
  heldBytes = 0;
  clipped = false;
  /** The bytes are only lent: what must last is copied. */
  write(bytes) {
    let start2 = 0;
    while (start2 < bytes.length) {
      const end = bytes.indexOf(NEWLINE, start2);
      if (end === -1) {
        this.hold(bytes.subarray(start2));
        return;
      }
      this.hold(bytes.subarray(start2, end));
      this.emit();
      start2 = end + 1;
    }
  }
  end() {
    if (this.heldBytes > 0 || this.clipped) this.emit();
  }
  hold(bytes) {
    const room = this.maxLineBytes - this.heldBytes;
    if (bytes.length > room && !this.clipped) {
      this.clipped = true;
      this.sink.overflow?.();
    }
    const kept = bytes.length > room ? bytes.subarray(0, Math.max(0, room)) : bytes;
    if (kept.length === 0) return;
    this.pieces.push(new Uint8Array(kept));
    this.heldBytes += kept.length;
  }
  emit() {
    let bytes;
    if (this.pieces.length === 1) bytes = this.pieces[0];
    else {
      bytes = new Uint8Array(this.heldBytes);
      let offset = 0;
      for (const piece of this.pieces) {
        bytes.set(piece, offset);
        offset += piece.length;
      }
    }
    const clipped = this.clipped;
    this.pieces = [];
    this.heldBytes = 0;
    this.clipped = false;
    this.sink.line(bytes, clipped);
  }
};
var ByteLines = class {
  lines;
  constructor(sink, maxLineBytes) {
    this.lines = new LineBytes(
      {
        line: (bytes, clipped) => {
          if (!clipped) sink.line(bytes);
        },
        overflow: () => sink.tooLong()
      },
      maxLineBytes
    );
  }
  /** The bytes are only lent: what must last is copied. */
  write(bytes) {
    this.lines.write(bytes);
  }
  end() {
    this.lines.end();
  }
};

// src/orchestrator/expiration.ts
var ExecExpiration = class _ExecExpiration {
  /**
   * `deadline` in Date.now()'s milliseconds; `signal`, when given, the caller's abort; `now`, the
   * clock read once, so that the time it gives and its timer agree even when the clock ticks between.
   */
  constructor(deadline, signal, now = Date.now()) {
    this.deadline = deadline;
    this.signal = signal;
    this.timeoutMs = Math.max(0, deadline - now);
    this.expired = new Promise((settle2) => {
      this.timer = setTimeout(() => settle2("timeout"), this.timeoutMs);
      this.timer.unref?.();
      if (signal === void 0) return;
      if (signal.aborted) {
        settle2("aborted");
        return;
      }
      this.onAbort = () => settle2("aborted");
      signal.addEventListener("abort", this.onAbort, { once: true });
    });
  }
  deadline;
  signal;
  /** Settles with the first of the deadline and the abort; never, once disposed first. */
  expired;
  /** How long it gave when it was made, in milliseconds: what a caller waits at most. */
  timeoutMs;
  timer;
  onAbort;
  /** An expiration `timeoutMs` from now, aborted with `signal`. */
  static after(timeoutMs, signal) {
    const now = Date.now();
    return new _ExecExpiration(now + timeoutMs, signal, now);
  }
  /** The same deadline without the abort: what is left once the abort has been acted on. */
  deadlineOnly() {
    return new _ExecExpiration(this.deadline);
  }
  /**
   * Acts on this expiration until `ended` settles: an abort asks the helper to stop and the deadline
   * still holds; the deadline stops it all. Resolves whether the deadline passed first.
   */
  async follow(ended, actions) {
    const done = ended.then(() => "ended");
    let current = this;
    try {
      for (; ; ) {
        const first = await Promise.race([done, current.expired]);
        if (first === "ended") return false;
        if (first === "timeout") {
          actions.timeout();
          return true;
        }
        actions.abort();
        if (current !== this) current.dispose();
        current = this.deadlineOnly();
      }
    } finally {
      if (current !== this) current.dispose();
    }
  }
  /** Lets go of the timer and the listener. */
  dispose() {
    clearTimeout(this.timer);
    if (this.onAbort !== void 0) this.signal?.removeEventListener("abort", this.onAbort);
  }
};

// src/orchestrator/sandbox.ts
function execRequest(argv, env, timeoutMs, signal) {
  return { argv, env, expiration: ExecExpiration.after(timeoutMs, signal) };
}
var DEFAULT_HELPER_COMMAND = ["node", "/usr/local/bin/guilds-code"];
var SERVE_ARGUMENT = "--serve";
var WARM_STREAM_NODE_FLAGS = ["--v8-pool-size=1"];
function warmStreamArgv(helperCommand) {
  const [program, ...rest] = helperCommand;
  if (program === void 0 || !/(^|\/)node$/.test(program)) return [...helperCommand, SERVE_ARGUMENT];
  return [program, ...WARM_STREAM_NODE_FLAGS, ...rest, SERVE_ARGUMENT];
}
var SWEEP_ARGUMENT = "--sweep";
var DEFAULT_HARNESS_COMMAND = ["node", "/usr/local/bin/guilds-harness"];

// src/orchestrator/transport.ts
var HELPER_FAILED = "code helper failed";
function encodeBase64(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}
function requestFilePath(runDir, runId, callId) {
  return `${runDir.replace(/\/+$/, "")}/requests/${runId}-${callId}.json`;
}
function requestArgument(request, runDir) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const base642 = encodeBase64(bytes);
  if (base642.length <= REQUEST_ARGUMENT_MAX_BYTES) return { argument: base642 };
  const path = requestFilePath(runDir, request.run_id, request.call_id);
  return { argument: path, file: { path, bytes } };
}
function stderrTail(stderr) {
  const lines = stderr.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.slice(-HELPER_STDERR_TAIL_LINES).map((line) => clipChars(line, HELPER_STDERR_LINE_MAX_CHARS));
}
function helperFailure(reason, stderr = "") {
  const tail = stderrTail(stderr);
  return { ok: false, error: [`${HELPER_FAILED}: ${reason}`, ...tail].join("\n"), kind: "unavailable" };
}
function parseEnvelopeLine(line) {
  if (line === "" || !STRICT_BASE64.test(line)) return null;
  let value;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(line, "base64")));
  } catch {
    return null;
  }
  return envelopeOf(value);
}
function envelopeOf(value) {
  if (!isPlainObject(value)) return null;
  if (value.ok === true && typeof value.text === "string") {
    if (value.meta !== void 0 && !isPlainObject(value.meta)) return null;
    return { ok: true, text: value.text, meta: value.meta ?? {} };
  }
  if (value.ok === false && typeof value.error === "string") {
    const kind = ERROR_KINDS.includes(value.kind) ? value.kind : void 0;
    return kind === void 0 ? { ok: false, error: value.error } : { ok: false, error: value.error, kind };
  }
  return null;
}
function exitDescription(result) {
  return result.exitCode === null ? "it was stopped by a signal" : `exit status ${result.exitCode}`;
}
function outputLines(result) {
  const lines = result.stdout.split("\n").map((line) => line.replace(/\r$/, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
function answerOf(result) {
  if (result.timedOut) return null;
  const lines = outputLines(result);
  return lines.length === 0 ? null : parseEnvelopeLine(lines[lines.length - 1].trim());
}
function envelopeFromExec(result, timeoutMs) {
  if (result.timedOut) return helperFailure(`no answer within ${timeoutMs / 1e3} s`, result.stderr);
  if (outputLines(result).length === 0) return helperFailure(`no envelope (${exitDescription(result)})`, result.stderr);
  return answerOf(result) ?? helperFailure(`the answer is not an envelope (${exitDescription(result)})`, result.stderr);
}
function sweepEnvironment(env) {
  const kept = {};
  for (const name of ["HOME", RUN_DIR_VARIABLE]) if (env[name] !== void 0) kept[name] = env[name];
  return kept;
}
async function sweepCallOf(sandbox, request, env) {
  const argv = [...sandbox.helperCommand ?? DEFAULT_HELPER_COMMAND, SWEEP_ARGUMENT, callKey(request.agent_id, request.run_id, request.call_id)];
  const exec = execRequest(argv, sweepEnvironment(env), SWEEP_EXEC_TIMEOUT_MS);
  try {
    await within(sandbox.exec(exec).catch(() => void 0), SWEEP_EXEC_TIMEOUT_MS + SANDBOX_GRACE_MS, () => void 0);
  } finally {
    exec.expiration.dispose();
  }
}
function describe(error2) {
  return error2 instanceof Error ? error2.message : String(error2);
}
function within(work, ms, fallback) {
  return new Promise((resolve2, reject) => {
    const timer = setTimeout(() => resolve2(fallback()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve2(value);
      },
      (error2) => {
        clearTimeout(timer);
        reject(error2);
      }
    );
  });
}
function helperCommandFor(sandbox, request) {
  if (HELPER_OF_TOOL[request.op] === "guilds-harness") return sandbox.harnessCommand ?? DEFAULT_HARNESS_COMMAND;
  return sandbox.helperCommand ?? DEFAULT_HELPER_COMMAND;
}
async function runHelper(sandbox, request, env, timeoutMs, graceMs = SANDBOX_GRACE_MS, signal, timeline) {
  const { argument, file } = requestArgument(request, sandbox.runDir ?? DEFAULT_RUN_DIR);
  if (file) {
    const writing = timeline?.now();
    try {
      await sandbox.writeFile(file.path, file.bytes);
    } catch (error2) {
      return helperFailure(`cannot write the request file ${file.path}: ${describe(error2)}`);
    } finally {
      if (writing !== void 0) timeline?.part("request_file", writing);
    }
  }
  const exec = execRequest([...helperCommandFor(sandbox, request), argument], env, timeoutMs, signal);
  let result;
  const executing = timeline?.now();
  try {
    result = await within(sandbox.exec(exec), timeoutMs + graceMs, () => ({
      stdout: "",
      stderr: "",
      exitCode: null,
      timedOut: true
    }));
  } catch (error2) {
    return helperFailure(`the sandbox could not run it: ${describe(error2)}`);
  } finally {
    exec.expiration.dispose();
    if (executing !== void 0) timeline?.part("exec", executing);
  }
  if (answerOf(result) === null) await sweepCallOf(sandbox, request, env);
  return envelopeFromExec(result, timeoutMs);
}

// src/orchestrator/runner.ts
var SandboxRunner = class {
  constructor(sandbox, graceMs = SANDBOX_GRACE_MS) {
    this.sandbox = sandbox;
    this.graceMs = graceMs;
  }
  sandbox;
  graceMs;
  answer(call) {
    return runHelper(this.sandbox, wireRequest(call.checked.request), call.env, call.timeoutMs, this.graceMs, call.signal, call.timeline);
  }
};

// src/orchestrator/deadlines.ts
var Deadlines = class {
  due = /* @__PURE__ */ new Map();
  timer;
  /** When the timer fires (performance.now()); Infinity while none is armed. */
  timerAt = Infinity;
  /** `then` runs once `ms` have passed, unless cleared before; while any is pending the process stays alive, as it would for its own timer. */
  set(key, ms, then) {
    const at = performance.now() + ms;
    this.due.set(key, { at, then });
    if (this.timer !== void 0 && this.timerAt <= at) this.timer.ref?.();
    else this.arm(at);
  }
  clear(key) {
    if (!this.due.delete(key) || this.due.size > 0) return;
    this.timer?.unref?.();
  }
  arm(at) {
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.pass(), Math.max(0, at - performance.now()));
  }
  /** Runs what is due, then arms for the earliest left. A timer can fire a little before its time by this clock: that one waits on. */
  pass() {
    this.timer = void 0;
    this.timerAt = Infinity;
    const now = performance.now();
    for (const [key, due] of [...this.due]) {
      if (due.at > now || this.due.get(key) !== due) continue;
      this.due.delete(key);
      due.then();
    }
    let next = Infinity;
    for (const due of this.due.values()) next = Math.min(next, due.at);
    if (next < Infinity) this.arm(next);
  }
};

// src/orchestrator/warm-runner.ts
var WARM_ANSWER_LINE_MAX_BYTES = 64 * 1048576;
var WARM_STREAM_IDLE_MS = 5 * 6e4;
function isReadOnly(checked) {
  return readOnlyCall(checked);
}
function readOnlyCall(checked) {
  return TOOL_DESCRIPTORS[checked.op].readOnly(checked.args);
}
function helperCommandOf(sandbox, helper) {
  return helper === "guilds-harness" ? sandbox.harnessCommand ?? DEFAULT_HARNESS_COMMAND : sandbox.helperCommand ?? DEFAULT_HELPER_COMMAND;
}
var WarmStream = class {
  constructor(sandbox, helper, env, onEnd, idleMs) {
    this.onEnd = onEnd;
    this.idleMs = idleMs;
    const lines = new ByteLines({ line: (bytes) => this.takeLine(bytes), tooLong: () => this.fault() }, WARM_ANSWER_LINE_MAX_BYTES);
    const argv = warmStreamArgv(helperCommandOf(sandbox, helper));
    this.exec = sandbox.open(argv, env, {
      stdout: (chunk) => {
        this.started = true;
        lines.write(chunk);
      },
      closed: (started) => this.end(started || this.started)
    });
    this.env = this.exec.env ?? env;
  }
  onEnd;
  idleMs;
  /** The environment its helper started with: the opener's, or the one a stream opened ahead had. */
  env;
  waiting = /* @__PURE__ */ new Map();
  /** Calls given up on past their grace: their late answer, the helper's own, is dropped once. */
  givenUp = /* @__PURE__ */ new Set();
  exec;
  ended = false;
  /** Its stdin closed: the calls in flight still answer, no new one is sent. */
  closing = false;
  started = false;
  idleTimer;
  /** Each call's time limit, then its grace. */
  deadlines = new Deadlines();
  /** When the last call in flight was answered (Date.now()). */
  idleSince = 0;
  get open() {
    return !this.ended && !this.closing;
  }
  /** It ended without being closed: its helper died, or the channel broke. */
  get died() {
    return this.ended && !this.closing;
  }
  takeLine(bytes) {
    if (this.ended) return;
    const read = parseOutputLine(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
    if (read?.kind === "progress") return this.takeProgress(read.callId, read.event);
    const answer = read;
    const callId = answer?.callId ?? null;
    if (callId !== null && this.givenUp.delete(callId)) return;
    const waiting = callId === null ? void 0 : this.waiting.get(callId);
    if (answer === null || callId === null || waiting === void 0) return this.fault();
    const envelope = envelopeOf(answer.envelope);
    this.forget(callId);
    waiting.settle(envelope === null ? { envelope: helperFailure("the answer is not an envelope") } : { envelope });
  }
  /**
   * A progress line counts only for a call in flight that asked for progress; one for a call given
   * up on is its helper's late word, dropped; any other the helper cannot have sent.
   */
  takeProgress(callId, event) {
    if (this.givenUp.has(callId)) return;
    const onProgress = this.waiting.get(callId)?.onProgress;
    if (onProgress === void 0) return this.fault();
    try {
      onProgress(event);
    } catch {
    }
  }
  /**
   * A line the helper cannot have sent: something else writes on the channel. The calls in flight
   * are cancelled and the helper's stdin closed (it stops them and exits); they answer as at the
   * stream's end, and nothing more is read from it.
   */
  fault() {
    if (this.ended) return;
    for (const callId of this.waiting.keys()) this.exec.write(cancelLine(callId));
    this.exec.end();
    this.end(true);
  }
  /**
   * The call is no longer waited on; the last one out starts the idle clock. The clock's timer is
   * left armed across calls and checks when it fires: making and clearing one per call cost a warm
   * call more than its own request line did.
   */
  forget(callId) {
    this.waiting.delete(callId);
    if (this.waiting.size > 0 || !this.open) return;
    this.idleSince = Date.now();
    if (this.idleTimer === void 0) this.armIdle(this.idleMs);
  }
  armIdle(ms) {
    this.idleTimer = setTimeout(() => this.idleCheck(), ms);
    this.idleTimer.unref?.();
  }
  /** Closed once idle for idleMs; a call in flight disarms the clock, one since then pushes it on. */
  idleCheck() {
    this.idleTimer = void 0;
    if (this.waiting.size > 0 || !this.open) return;
    const left = this.idleSince + this.idleMs - Date.now();
    if (left > 0) this.armIdle(left);
    else this.close();
  }
  end(started) {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    this.onEnd(this);
    for (const waiting of this.waiting.values()) waiting.settle({ ended: true, sent: started });
    this.waiting.clear();
  }
  /** Send the call and wait for its line; at its time limit it is cancelled, and given up past the grace. */
  call(call, graceMs) {
    const { callId } = call.checked.request;
    if (this.waiting.has(callId) || this.givenUp.has(callId)) return Promise.resolve({ envelope: failureEnvelope(callRunning(callId)) });
    const sending = call.timeline?.now();
    return new Promise((resolve2) => {
      const cancel = () => this.exec.write(cancelLine(callId));
      const giveUp = () => {
        this.givenUp.add(callId);
        this.forget(callId);
        settle2({ envelope: helperFailure(`no answer within ${call.timeoutMs / 1e3} s`) });
      };
      this.deadlines.set(callId, call.timeoutMs, () => {
        cancel();
        this.deadlines.set(callId, graceMs, giveUp);
      });
      const settle2 = (outcome) => {
        this.deadlines.clear(callId);
        call.signal?.removeEventListener("abort", cancel);
        if (sending !== void 0) call.timeline?.part("stream", sending);
        resolve2(outcome);
      };
      this.waiting.set(callId, { settle: settle2, onProgress: call.checked.request.progress === null ? void 0 : call.onProgress });
      const change = call.env === this.env ? null : envChange(this.env, call.env);
      this.exec.write(requestLine(change === null ? wireRequest(call.checked.request) : { ...wireRequest(call.checked.request), env: change }));
      if (call.signal?.aborted) cancel();
      else call.signal?.addEventListener("abort", cancel, { once: true });
    });
  }
  /** Ends stdin: the helper finishes the calls in flight and exits. No call is sent here after it. */
  close() {
    if (!this.open) return;
    this.closing = true;
    clearTimeout(this.idleTimer);
    this.onEnd(this);
    this.exec.end();
  }
};
var WarmRunner = class {
  constructor(sandbox, graceMs = SANDBOX_GRACE_MS, idleMs = WARM_STREAM_IDLE_MS) {
    this.sandbox = sandbox;
    this.graceMs = graceMs;
    this.idleMs = idleMs;
    this.cold = new SandboxRunner(sandbox, graceMs);
  }
  sandbox;
  graceMs;
  idleMs;
  /** The open stream of each helper, guilds-code's and guilds-harness's, each opened on its first call. */
  streams = /* @__PURE__ */ new Map();
  /** The last stream each helper had: one that died makes the next one a restart. */
  previous = /* @__PURE__ */ new Map();
  cold;
  async answer(call) {
    const stream = this.streamFor(HELPER_OF_TOOL[call.checked.op], call.env, call);
    if (stream === void 0) {
      call.timeline?.fellBack("no_stream");
      return this.cold.answer(call);
    }
    const outcome = await stream.call(call, this.graceMs);
    if ("envelope" in outcome) return outcome.envelope;
    if (!outcome.sent || isReadOnly(call.checked)) {
      call.timeline?.fellBack(outcome.sent ? "stream_ended" : "no_stream");
      return this.cold.answer(call);
    }
    return errorEnvelope(STREAM_ENDED_DURING_CALL, "unavailable");
  }
  /** A call over a sandbox that can open a stream hands on its progress, code_task's too. */
  streamsProgress(_checked) {
    return this.sandbox.open !== void 0;
  }
  /** End the streams: each helper finishes the calls in flight and exits. */
  close() {
    for (const stream of this.streams.values()) stream.close();
    this.streams.clear();
  }
  streamFor(helper, env, call) {
    const { sandbox } = this;
    if (sandbox.open === void 0) return void 0;
    const current = this.streams.get(helper);
    if (current !== void 0 && current.open) return current;
    const opened = new WarmStream(
      sandbox,
      helper,
      env,
      (ended) => {
        if (this.streams.get(helper) === ended) this.streams.delete(helper);
      },
      this.idleMs
    );
    if (this.previous.get(helper)?.died === true) call?.timeline?.restarted(helper);
    this.previous.set(helper, opened);
    if (opened.open) this.streams.set(helper, opened);
    return opened;
  }
};
var runners = /* @__PURE__ */ new WeakMap();
function warmRunnerOf(sandbox) {
  let runner = runners.get(sandbox);
  if (runner === void 0) {
    runner = new WarmRunner(sandbox);
    runners.set(sandbox, runner);
  }
  return runner;
}

// src/tools/code-contracts.generated.ts
var CODE_TOOL_CONTRACTS = [SHELL_CONTRACT, SHELL_STATUS_CONTRACT, FILE_READ_CONTRACT, CODE_SEARCH_CONTRACT];

// node_modules/ansi-regex/index.js
var ST = String.raw`(?:\u001B\u005C|\u009C)`;
var stringControls = String.raw`\u0018\u001A\u001B\u0080-\u009F`;
var osc = String.raw`(?:\u001B\]|\u009D)[^\u0007${stringControls}]*(?:\u0007|${ST})`;
var controlString = String.raw`(?:\u001B[PX^_k]|[\u0090\u0098\u009E\u009F])[^${stringControls}]*${ST}`;
var linuxPalette = String.raw`\u001B\](?:P[\dA-Fa-f]{7}|R)(?:\u0007|${ST})?`;
var csi = String.raw`(?:\u001B\[|\u009B)[\u0030-\u003F]*[\u0020-\u002F]*[\u0040-\u007E]`;
var escape2 = String.raw`\u001B(?:[\u0020-\u002F]+[\u0030-\u007E]|[\dA-PR-TZcf-oq-uy=><~|}])`;
var pattern = `${linuxPalette}|${osc}|${controlString}|${csi}|${escape2}`;
function ansiRegex({ onlyFirst = false } = {}) {
  return new RegExp(pattern, onlyFirst ? void 0 : "g");
}

// node_modules/strip-ansi/index.js
var regex = ansiRegex();
function stripAnsi(string4) {
  if (typeof string4 !== "string") {
    throw new TypeError(`Expected a \`string\`, got \`${typeof string4}\``);
  }
  if (!string4.includes("\x1B") && !string4.includes("\x9B")) {
    return string4;
  }
  return string4.replace(regex, "");
}

// node_modules/get-east-asian-width/lookup-data.js
var ambiguousMinimalCodePoint = 161;
var ambiguousMaximumCodePoint = 1114109;
var ambiguousRanges = [161, 161, 164, 164, 167, 168, 170, 170, 173, 174, 176, 180, 182, 186, 188, 191, 198, 198, 208, 208, 215, 216, 222, 225, 230, 230, 232, 234, 236, 237, 240, 240, 242, 243, 247, 250, 252, 252, 254, 254, 257, 257, 273, 273, 275, 275, 283, 283, 294, 295, 299, 299, 305, 307, 312, 312, 319, 322, 324, 324, 328, 331, 333, 333, 338, 339, 358, 359, 363, 363, 462, 462, 464, 464, 466, 466, 468, 468, 470, 470, 472, 472, 474, 474, 476, 476, 593, 593, 609, 609, 708, 708, 711, 711, 713, 715, 717, 717, 720, 720, 728, 731, 733, 733, 735, 735, 768, 879, 913, 929, 931, 937, 945, 961, 963, 969, 1025, 1025, 1040, 1103, 1105, 1105, 8208, 8208, 8211, 8214, 8216, 8217, 8220, 8221, 8224, 8226, 8228, 8231, 8240, 8240, 8242, 8243, 8245, 8245, 8251, 8251, 8254, 8254, 8308, 8308, 8319, 8319, 8321, 8324, 8364, 8364, 8451, 8451, 8453, 8453, 8457, 8457, 8467, 8467, 8470, 8470, 8481, 8482, 8486, 8486, 8491, 8491, 8531, 8532, 8539, 8542, 8544, 8555, 8560, 8569, 8585, 8585, 8592, 8601, 8632, 8633, 8658, 8658, 8660, 8660, 8679, 8679, 8704, 8704, 8706, 8707, 8711, 8712, 8715, 8715, 8719, 8719, 8721, 8721, 8725, 8725, 8730, 8730, 8733, 8736, 8739, 8739, 8741, 8741, 8743, 8748, 8750, 8750, 8756, 8759, 8764, 8765, 8776, 8776, 8780, 8780, 8786, 8786, 8800, 8801, 8804, 8807, 8810, 8811, 8814, 8815, 8834, 8835, 8838, 8839, 8853, 8853, 8857, 8857, 8869, 8869, 8895, 8895, 8978, 8978, 9312, 9449, 9451, 9547, 9552, 9587, 9600, 9615, 9618, 9621, 9632, 9633, 9635, 9641, 9650, 9651, 9654, 9655, 9660, 9661, 9664, 9665, 9670, 9672, 9675, 9675, 9678, 9681, 9698, 9701, 9711, 9711, 9733, 9734, 9737, 9737, 9742, 9743, 9756, 9756, 9758, 9758, 9792, 9792, 9794, 9794, 9824, 9825, 9827, 9829, 9831, 9834, 9836, 9837, 9839, 9839, 9886, 9887, 9919, 9919, 9926, 9933, 9935, 9939, 9941, 9953, 9955, 9955, 9960, 9961, 9963, 9969, 9972, 9972, 9974, 9977, 9979, 9980, 9982, 9983, 10045, 10045, 10102, 10111, 11094, 11097, 12872, 12879, 57344, 63743, 65024, 65039, 65533, 65533, 127232, 127242, 127248, 127277, 127280, 127337, 127344, 127373, 127375, 127376, 127387, 127404, 917760, 917999, 983040, 1048573, 1048576, 1114109];
var fullwidthMinimalCodePoint = 12288;
var fullwidthMaximumCodePoint = 65510;
var fullwidthRanges = [12288, 12288, 65281, 65376, 65504, 65510];
var wideMinimalCodePoint = 4352;
var wideMaximumCodePoint = 262141;
var wideRanges = [4352, 4447, 8986, 8987, 9001, 9002, 9193, 9196, 9200, 9200, 9203, 9203, 9725, 9726, 9748, 9749, 9776, 9783, 9800, 9811, 9855, 9855, 9866, 9871, 9875, 9875, 9889, 9889, 9898, 9899, 9917, 9918, 9924, 9925, 9934, 9934, 9940, 9940, 9962, 9962, 9970, 9971, 9973, 9973, 9978, 9978, 9981, 9981, 9989, 9989, 9994, 9995, 10024, 10024, 10060, 10060, 10062, 10062, 10067, 10069, 10071, 10071, 10133, 10135, 10160, 10160, 10175, 10175, 11035, 11036, 11088, 11088, 11093, 11093, 11904, 11929, 11931, 12019, 12032, 12245, 12272, 12287, 12289, 12350, 12353, 12438, 12441, 12543, 12549, 12591, 12593, 12686, 12688, 12773, 12783, 12830, 12832, 12871, 12880, 42124, 42128, 42182, 43360, 43388, 44032, 55203, 63744, 64255, 65040, 65049, 65072, 65106, 65108, 65126, 65128, 65131, 94176, 94180, 94192, 94198, 94208, 101594, 101631, 101664, 101760, 101874, 101888, 102801, 102816, 102866, 110576, 110579, 110581, 110587, 110589, 110590, 110592, 110888, 110898, 110898, 110928, 110930, 110933, 110933, 110948, 110952, 110960, 111355, 119552, 119638, 119648, 119670, 126980, 126980, 127183, 127183, 127374, 127374, 127377, 127386, 127406, 127406, 127488, 127490, 127504, 127547, 127552, 127560, 127568, 127569, 127584, 127589, 127744, 127776, 127789, 127797, 127799, 127868, 127870, 127891, 127904, 127946, 127951, 127955, 127968, 127984, 127988, 127988, 127992, 128062, 128064, 128064, 128066, 128252, 128255, 128317, 128331, 128334, 128336, 128359, 128378, 128378, 128405, 128406, 128420, 128420, 128507, 128591, 128640, 128709, 128716, 128716, 128720, 128722, 128725, 128729, 128732, 128735, 128747, 128748, 128756, 128764, 128986, 128986, 128992, 129003, 129008, 129008, 129292, 129338, 129340, 129349, 129351, 129535, 129648, 129660, 129664, 129734, 129736, 129736, 129740, 129757, 129759, 129771, 129775, 129786, 131072, 196605, 196608, 262141];

// node_modules/get-east-asian-width/utilities.js
var isInRange = (ranges, codePoint) => {
  let low = 0;
  let high = Math.floor(ranges.length / 2) - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const i = mid * 2;
    if (codePoint < ranges[i]) {
      high = mid - 1;
    } else if (codePoint > ranges[i + 1]) {
      low = mid + 1;
    } else {
      return true;
    }
  }
  return false;
};

// node_modules/get-east-asian-width/lookup.js
var commonCjkCodePoint = 19968;
var [wideFastPathStart, wideFastPathEnd] = /* @__PURE__ */ findWideFastPathRange(wideRanges);
function findWideFastPathRange(ranges) {
  let fastPathStart = ranges[0];
  let fastPathEnd = ranges[1];
  for (let index = 0; index < ranges.length; index += 2) {
    const start2 = ranges[index];
    const end = ranges[index + 1];
    if (commonCjkCodePoint >= start2 && commonCjkCodePoint <= end) {
      return [start2, end];
    }
    if (end - start2 > fastPathEnd - fastPathStart) {
      fastPathStart = start2;
      fastPathEnd = end;
    }
  }
  return [fastPathStart, fastPathEnd];
}
var isAmbiguous = (codePoint) => {
  if (codePoint < ambiguousMinimalCodePoint || codePoint > ambiguousMaximumCodePoint) {
    return false;
  }
  return isInRange(ambiguousRanges, codePoint);
};
var isFullwidth = (codePoint) => {
  if (codePoint < fullwidthMinimalCodePoint || codePoint > fullwidthMaximumCodePoint) {
    return false;
  }
  return isInRange(fullwidthRanges, codePoint);
};
var isWide = (codePoint) => {
  if (codePoint >= wideFastPathStart && codePoint <= wideFastPathEnd) {
    return true;
  }
  if (codePoint < wideMinimalCodePoint || codePoint > wideMaximumCodePoint) {
    return false;
  }
  return isInRange(wideRanges, codePoint);
};

// node_modules/get-east-asian-width/index.js
function validate(codePoint) {
  if (!Number.isSafeInteger(codePoint)) {
    throw new TypeError(`Expected a code point, got \`${typeof codePoint}\`.`);
  }
}
function eastAsianWidth(codePoint, { ambiguousAsWide = false } = {}) {
  validate(codePoint);
  if (isFullwidth(codePoint) || isWide(codePoint) || ambiguousAsWide && isAmbiguous(codePoint)) {
    return 2;
  }
  return 1;
}

// src/tools/shell/cells.ts
var TAB_FILL = "\uDFFF";
var TAB_STOP_CELLS = 8;
var PLAIN = /^[\u0020-\u007e]*$/;
var zeroWidth = null;
var isZeroWidth = (character) => (zeroWidth ??= new RegExp("^[\\p{Mn}\\p{Me}\\p{Cf}\\u1160-\\u11ff]$", "u")).test(character);
function codePointCells(codePoint) {
  if (codePoint < 768) return codePoint === 173 ? 0 : 1;
  if (codePoint === 57343) return 1;
  if (isZeroWidth(String.fromCodePoint(codePoint))) return 0;
  return eastAsianWidth(codePoint);
}
function textCells(text2) {
  if (PLAIN.test(text2)) return text2.length;
  let cells = 0;
  for (let at = 0; at < text2.length; ) {
    const codePoint = text2.codePointAt(at);
    cells += codePointCells(codePoint);
    at += codePoint > 65535 ? 2 : 1;
  }
  return cells;
}
function cutAt(text2, cells) {
  if (PLAIN.test(text2)) return { index: Math.min(cells, text2.length), straddling: 0 };
  let column = 0;
  for (let at = 0; at < text2.length; ) {
    const codePoint = text2.codePointAt(at);
    const width = codePointCells(codePoint);
    const length = codePoint > 65535 ? 2 : 1;
    if (width > 0 && column + width > cells) return { index: at, straddling: column < cells ? length : 0 };
    column += width;
    at += length;
  }
  return { index: text2.length, straddling: 0 };
}
function firstCells(text2, cells) {
  const cut = cutAt(text2, cells);
  return cut.straddling ? text2.slice(0, cut.index) + " " : text2.slice(0, cut.index);
}
function dropCells(text2, cells) {
  const cut = cutAt(text2, cells);
  if (!cut.straddling) return text2.slice(cut.index);
  let rest = cut.index + cut.straddling;
  while (rest < text2.length && codePointCells(text2.codePointAt(rest)) === 0) rest += text2.codePointAt(rest) > 65535 ? 2 : 1;
  return " " + text2.slice(rest);
}
function tabCells(column) {
  return TAB_STOP_CELLS - column % TAB_STOP_CELLS;
}
function heldTab(cells) {
  return cells <= 0 ? "" : "	" + TAB_FILL.repeat(cells - 1);
}
function shownText(text2, column) {
  if (!text2.includes("	") && !text2.includes(TAB_FILL)) return text2;
  let shown = "";
  let from = 0;
  let at = 0;
  const flush = (to) => {
    shown += text2.slice(from, to);
    column += textCells(text2.slice(from, to));
  };
  while (at < text2.length) {
    const unit = text2[at];
    if (unit !== "	" && unit !== TAB_FILL) {
      at++;
      continue;
    }
    flush(at);
    let end = at + 1;
    if (unit === "	") while (end < text2.length && text2[end] === TAB_FILL) end++;
    const cells = end - at;
    shown += unit === "	" && (column + cells) % TAB_STOP_CELLS === 0 ? "	" : " ".repeat(cells);
    column += cells;
    at = from = end;
  }
  flush(text2.length);
  return shown;
}
function heldText(text2) {
  if (!text2.includes("	")) return text2;
  const parts = text2.split("	");
  let held = parts[0];
  let column = textCells(held);
  for (const part of parts.slice(1)) {
    const cells = tabCells(column);
    held += heldTab(cells) + part;
    column += cells + textCells(part);
  }
  return held;
}

// src/tools/shell/long-line.ts
var EMPTY_LINE = { head: "", gap: null, tail: "", cells: 0 };
var nativeByteLength = typeof Buffer === "function" ? Buffer.byteLength : void 0;
var TAB_FILLS = new RegExp(TAB_FILL, "g");
function textBytes(text2) {
  const bytes = nativeByteLength ? nativeByteLength(text2, "utf8") : utf8Bytes(text2);
  return text2.includes(TAB_FILL) ? bytes - 3 * (text2.match(TAB_FILLS)?.length ?? 0) : bytes;
}
function isHigh(unit) {
  return unit >= 55296 && unit <= 56319;
}
function isLow(unit) {
  return unit >= 56320 && unit <= 57343;
}
function splitsPair(text2, at) {
  return at > 0 && at < text2.length && isHigh(text2.charCodeAt(at - 1)) && isLow(text2.charCodeAt(at));
}
function firstChars(text2, units) {
  let end = Math.min(units, text2.length);
  if (splitsPair(text2, end)) end--;
  return text2.slice(0, end);
}
function lastChars(text2, units) {
  let start2 = Math.max(0, text2.length - units);
  if (splitsPair(text2, start2)) start2++;
  return text2.slice(start2);
}
function lineFromText(text2, keepChars) {
  return compact({ head: text2, gap: null, tail: "", cells: textCells(text2) }, keepChars);
}
function compact(line, keepChars) {
  let { head, gap, tail } = line;
  if (!gap) {
    if (head.length <= 3 * keepChars) return line;
    const first = firstChars(head, keepChars);
    const rest = head.slice(first.length);
    const last = lastChars(rest, keepChars);
    const middle = rest.slice(0, rest.length - last.length);
    return { head: first, gap: { cells: textCells(middle), bytes: textBytes(middle) }, tail: last, cells: line.cells };
  }
  if (head.length > 2 * keepChars) {
    const first = firstChars(head, keepChars);
    const moved = head.slice(first.length);
    gap = { cells: gap.cells + textCells(moved), bytes: gap.bytes + textBytes(moved) };
    head = first;
  }
  if (tail.length > 2 * keepChars) {
    const last = lastChars(tail, keepChars);
    const moved = tail.slice(0, tail.length - last.length);
    gap = { cells: gap.cells + textCells(moved), bytes: gap.bytes + textBytes(moved) };
    tail = last;
  }
  return { head, gap, tail, cells: line.cells };
}
function concatLines(first, second, keepChars) {
  const cells = first.cells + second.cells;
  if (!first.gap && !second.gap) return compact({ head: first.head + second.head, gap: null, tail: "", cells }, keepChars);
  if (!first.gap) return compact({ head: first.head + second.head, gap: second.gap, tail: second.tail, cells }, keepChars);
  if (!second.gap) return compact({ head: first.head, gap: first.gap, tail: first.tail + second.head, cells }, keepChars);
  const between = first.tail + second.head;
  return {
    head: first.head,
    gap: {
      cells: first.gap.cells + textCells(between) + second.gap.cells,
      bytes: first.gap.bytes + textBytes(between) + second.gap.bytes
    },
    tail: second.tail,
    cells
  };
}
function gapPart(gap, cells) {
  return { cells, bytes: Math.min(4 * cells, Math.max(cells, Math.round(gap.bytes * cells / gap.cells))) };
}
function dropLineStart(line, cells) {
  if (cells <= 0) return line;
  if (cells >= line.cells) return EMPTY_LINE;
  const rest = line.cells - cells;
  const headCells = textCells(line.head);
  if (cells <= headCells) return { ...line, head: dropCells(line.head, cells), cells: rest };
  const gap = line.gap;
  if (cells < headCells + gap.cells) return { head: "", gap: gapPart(gap, gap.cells - (cells - headCells)), tail: line.tail, cells: rest };
  return { head: dropCells(line.tail, cells - headCells - gap.cells), gap: null, tail: "", cells: rest };
}
function takeLineStart(line, cells, keepChars) {
  if (cells >= line.cells) return line;
  if (cells <= 0) return EMPTY_LINE;
  const headCells = textCells(line.head);
  if (cells <= headCells) return lineFromText(firstCells(line.head, cells), keepChars);
  const gap = line.gap;
  const inGap = cells - headCells;
  if (inGap <= gap.cells) return { head: line.head, gap: gapPart(gap, inGap), tail: "", cells };
  return { head: line.head, gap, tail: firstCells(line.tail, inGap - gap.cells), cells };
}
function overwriteLine(redraw, line, keepChars) {
  if (redraw.cells >= line.cells) return redraw;
  return concatLines(redraw, dropLineStart(line, redraw.cells), keepChars);
}

// src/tools/shell/terminal-line.ts
var CSI = String.raw`(?:\u001b\[|\u009b)([0-9;]*)`;
var LINE_CONTROL = new RegExp(String.raw`[\b\t\u0000-\u0008\u000b-\u001f\u007f-\u009f]|${CSI}[KGCD]`);
var SCREEN_CONTROL_SOURCE = String.raw`${CSI}[ABEFJHfsu]|\u001b[78]`;
var SCREEN_CONTROL = new RegExp(SCREEN_CONTROL_SOURCE);
var STRING_CONTROL = String.raw`(?:\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u0018\u001a\u001b\u0080-\u009f]*(?:\u0007|\u001b\\|\u009c)`;
var TOKENS = new RegExp(`(${STRING_CONTROL})|([\r
\b	])|${CSI}([KGCDABEFJHfsu])|\x1B([78])`, "g");
var LEFT_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
var C1_CONTROL = /[\u0080-\u009f]/;
function hasScreenControl(text2) {
  return SCREEN_CONTROL.test(text2);
}
var EMPTY_CURSOR_LINE = { drawn: EMPTY_LINE, column: 0, written: EMPTY_LINE };
function blanks(cells, keepChars) {
  if (cells <= 3 * keepChars) return lineFromText(" ".repeat(cells), keepChars);
  const end = " ".repeat(keepChars);
  return { head: end, gap: { cells: cells - 2 * keepChars, bytes: cells - 2 * keepChars }, tail: end, cells };
}
function shownLine(line, keepChars) {
  const { drawn, column, written } = line;
  if (written.cells === 0) return drawn;
  if (column === 0) return overwriteLine(written, drawn, keepChars);
  if (column >= drawn.cells) {
    return concatLines(concatLines(drawn, blanks(column - drawn.cells, keepChars), keepChars), written, keepChars);
  }
  const before = concatLines(takeLineStart(drawn, column, keepChars), written, keepChars);
  return concatLines(before, dropLineStart(drawn, column + written.cells), keepChars);
}
function cursorOf(line) {
  return line.column + line.written.cells;
}
function moveTo(line, column, keepChars) {
  return { drawn: shownLine(line, keepChars), column: Math.max(0, column), written: EMPTY_LINE };
}
function writeText(line, text2, keepChars) {
  if (text2 === "") return line;
  return { ...line, written: concatLines(line.written, lineFromText(text2, keepChars), keepChars) };
}
function writeTab(line, keepChars) {
  const cursor = cursorOf(line);
  const stop = cursor + tabCells(cursor);
  const end = line.written.cells > 0 ? Math.max(line.drawn.cells, cursor) : line.drawn.cells;
  if (stop <= end) return moveTo(line, stop, keepChars);
  const from = Math.max(cursor, end);
  const at = cursor === from ? line : moveTo(line, from, keepChars);
  return writeText(at, heldTab(stop - from), keepChars);
}
function applyControl(line, command, parameter, keepChars) {
  if (command === "	") return writeTab(line, keepChars);
  const cursor = cursorOf(line);
  const count = parameter === "" ? 0 : Number(parameter.split(";")[0]) || 0;
  switch (command) {
    case "\r":
      return moveTo(line, 0, keepChars);
    case "\b":
      return moveTo(line, cursor - 1, keepChars);
    case "D":
      return moveTo(line, cursor - Math.max(count, 1), keepChars);
    case "G":
    case "C": {
      const drawn = shownLine(line, keepChars);
      const rightLimit = Math.max(cursor, drawn.cells, SHELL_CURSOR_MOVE_MAX_COLUMNS);
      const target = command === "G" ? Math.max(count, 1) - 1 : cursor + Math.max(count, 1);
      return { drawn, column: Math.min(target, rightLimit), written: EMPTY_LINE };
    }
    case "K":
      return eraseInLine(shownLine(line, keepChars), cursor, count, keepChars);
    default:
      return line;
  }
}
function eraseInLine(drawn, cursor, mode, keepChars) {
  if (mode === 0) return { drawn: cursor >= drawn.cells ? drawn : takeLineStart(drawn, cursor, keepChars), column: cursor, written: EMPTY_LINE };
  if (mode === 1) {
    const erased = cursor + 1;
    const rest = erased >= drawn.cells ? EMPTY_LINE : concatLines(blanks(erased, keepChars), dropLineStart(drawn, erased), keepChars);
    return { drawn: rest, column: cursor, written: EMPTY_LINE };
  }
  if (mode === 2) return { drawn: EMPTY_LINE, column: cursor, written: EMPTY_LINE };
  return { drawn, column: cursor, written: EMPTY_LINE };
}
function plainText(text2) {
  const stripped2 = text2.includes("\x1B") || C1_CONTROL.test(text2) ? stripAnsi(text2) : text2;
  return stripped2.replace(LEFT_CONTROLS, "");
}
function drawText(line, text2, keepChars, screen) {
  let at = 0;
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(text2); match; match = TOKENS.exec(text2)) {
    if (match[1] !== void 0) continue;
    const end = TOKENS.lastIndex;
    line = writeText(line, plainText(text2.slice(at, match.index)), keepChars);
    const command = match[2] ?? match[4] ?? match[5];
    const parameter = match[3] ?? "";
    if ("KGCD\r\b	".includes(command)) line = applyControl(line, command, parameter, keepChars);
    else if (screen) line = screen(line, command, parameter);
    at = end;
    TOKENS.lastIndex = end;
  }
  return writeText(line, plainText(text2.slice(at)), keepChars);
}
var WHOLE_LINE_KEEP_CHARS = Number.MAX_SAFE_INTEGER / 8;
function drawLine(text2) {
  return shownLine(drawText(EMPTY_CURSOR_LINE, text2, WHOLE_LINE_KEEP_CHARS), WHOLE_LINE_KEEP_CHARS);
}

// src/tools/shell/screen.ts
var NEWLINE2 = 10;
var decoder2 = new TextDecoder("utf-8");
function entryLines(entry) {
  return "bytes" in entry ? entry.lines : 1;
}
function entryBytes(entry) {
  if ("bytes" in entry) return entry.bytes.length;
  const { drawn, written } = entry.row;
  return 2 * (drawn.head.length + drawn.tail.length + written.head.length + written.tail.length);
}
function blankLines(lines) {
  return { bytes: new Uint8Array(lines).fill(NEWLINE2), lines };
}
function rowOf(bytes, keepChars) {
  return { drawn: lineFromText(heldText(decoder2.decode(bytes)), keepChars), column: 0, written: EMPTY_LINE };
}
var Screen = class {
  constructor(sink, limits) {
    this.sink = sink;
    this.limits = limits;
  }
  sink;
  limits;
  /** Rows above the cursor's, oldest first; rows below it, nearest first. */
  above = [];
  below = [];
  aboveLines = 0;
  belowLines = 0;
  heldBytes = 0;
  /** Lines handed on; the first row held is this line of the output (from 0). */
  finalLines = 0;
  saved = null;
  /** Whether the cursor is on the last line: whole lines may then be added as they are. */
  atBottom() {
    return this.belowLines === 0;
  }
  /** The bytes held, for tests of memory. */
  held() {
    return this.heldBytes;
  }
  cursorIndex() {
    return this.finalLines + this.aboveLines;
  }
  top() {
    const lineCount = this.cursorIndex() + 1 + this.belowLines;
    return Math.max(this.finalLines, lineCount - this.limits.rows);
  }
  /**
   * Whole cleaned lines (each ending with \n), with the cursor on a new empty line at the bottom; the
   * cursor stays on a new line after them. The bytes are copied where kept.
   */
  addLines(bytes) {
    if (bytes.length === 0) return;
    const keep = this.limits.rows - 1;
    let lines = 1;
    let end = bytes.length - 1;
    for (; ; lines++) {
      const before = end === 0 ? -1 : bytes.lastIndexOf(NEWLINE2, end - 1);
      if (before === -1) break;
      if (lines === keep) {
        this.evict(this.aboveLines);
        this.sink.write(bytes.subarray(0, before + 1));
        bytes = bytes.subarray(before + 1);
        break;
      }
      end = before;
    }
    this.pushAbove({ bytes: copyBytes(bytes), lines });
    this.trim();
  }
  /** A finished line at the bottom (the cursor's), the cursor on a new line after it. */
  addRow(row) {
    this.pushAbove({ row });
    this.trim();
  }
  pushAbove(entry) {
    this.above.push(entry);
    this.aboveLines += entryLines(entry);
    this.heldBytes += entryBytes(entry);
  }
  /** Rows leave from the top while the screen holds more than it may. */
  trim() {
    const excess = this.cursorIndex() + 1 + this.belowLines - this.finalLines - this.limits.rows;
    if (excess > 0) this.evict(excess);
    while (this.heldBytes > this.limits.maxBytes && this.aboveLines > 0) this.evict(1);
  }
  /** Hand on the first `lines` rows held above the cursor. */
  evict(lines) {
    while (lines > 0 && this.above.length > 0) {
      const first = this.above[0];
      const count = entryLines(first);
      if (count <= lines) {
        this.above.shift();
        this.emit(first, false);
        this.dropped(first, count);
        lines -= count;
        continue;
      }
      const bytes = first.bytes;
      let cut = -1;
      for (let i = 0; i < lines; i++) cut = bytes.indexOf(NEWLINE2, cut + 1);
      this.sink.write(bytes.subarray(0, cut + 1));
      this.above[0] = { bytes: bytes.subarray(cut + 1), lines: count - lines };
      this.heldBytes -= cut + 1;
      this.aboveLines -= lines;
      this.finalLines += lines;
      lines = 0;
    }
  }
  dropped(entry, lines) {
    this.heldBytes -= entryBytes(entry);
    this.aboveLines -= lines;
    this.finalLines += lines;
  }
  emit(entry, last) {
    if ("bytes" in entry) {
      this.sink.write(last ? entry.bytes.subarray(0, entry.bytes.length - 1) : entry.bytes);
      return;
    }
    const line = shownLine(entry.row, this.limits.keepChars);
    this.sink.write(encodeUtf8(shownText(line.head, 0)));
    if (line.gap) {
      this.sink.skip(line.gap.bytes);
      this.sink.write(encodeUtf8(shownText(line.tail, textCells(line.head) + line.gap.cells)));
    }
    if (!last) this.sink.write(encodeUtf8("\n"));
  }
  /** The output ended, the cursor on `row`: every line is handed on, the last without a line end. */
  finish(row) {
    this.evict(this.aboveLines);
    const rest = [{ row }, ...this.below];
    this.below = [];
    this.belowLines = 0;
    rest.forEach((entry, at) => this.emit(entry, at === rest.length - 1));
  }
  /** The row above the cursor's as a line to draw on; `row` goes below. */
  up(row) {
    this.below.unshift({ row });
    this.belowLines++;
    this.heldBytes += entryBytes({ row });
    const last = this.above[this.above.length - 1];
    this.heldBytes -= entryBytes(last);
    this.aboveLines--;
    if ("row" in last) {
      this.above.pop();
      return last.row;
    }
    const cut = last.lines === 1 ? -1 : last.bytes.lastIndexOf(NEWLINE2, last.bytes.length - 2);
    if (cut === -1) this.above.pop();
    else {
      this.above[this.above.length - 1] = { bytes: last.bytes.subarray(0, cut + 1), lines: last.lines - 1 };
      this.heldBytes += cut + 1;
    }
    return rowOf(last.bytes.subarray(cut + 1, last.bytes.length - 1), this.limits.keepChars);
  }
  /** The row below the cursor's (a new one past the last line); `row` goes above. */
  down(row) {
    this.pushAbove({ row });
    if (this.below.length === 0) {
      this.trim();
      return EMPTY_CURSOR_LINE;
    }
    const next = this.below[0];
    this.heldBytes -= entryBytes(next);
    this.belowLines--;
    if ("row" in next) {
      this.below.shift();
      return next.row;
    }
    const cut = next.bytes.indexOf(NEWLINE2);
    if (next.lines === 1) this.below.shift();
    else {
      this.below[0] = { bytes: next.bytes.subarray(cut + 1), lines: next.lines - 1 };
      this.heldBytes += next.bytes.length - cut - 1;
    }
    return rowOf(next.bytes.subarray(0, cut), this.limits.keepChars);
  }
  /** The cursor `by` rows down (up when negative), within the screen, to `column` (null: where it is). */
  moveRows(row, by, column) {
    const from = this.cursorIndex();
    const target = Math.min(Math.max(from + by, this.top()), this.top() + this.limits.rows - 1);
    const keep = this.limits.keepChars;
    const at = column ?? row.column + row.written.cells;
    let line = moveTo(row, at, keep);
    for (let index = from; index > target; index--) line = this.up(line);
    for (let index = from; index < target; index++) line = this.down(line);
    return target === from ? line : { drawn: shownLine(line, keep), column: at, written: EMPTY_LINE };
  }
  eraseRows(entries, lines) {
    this.heldBytes += lines - entries.reduce((sum, entry) => sum + entryBytes(entry), 0);
    return lines === 0 ? [] : [blankLines(lines)];
  }
  /** A \n or a control of the screen (`command` its final letter, or 7 and 8), the cursor on `row`. */
  control(row, command, parameter) {
    const [first = "", second = ""] = parameter.split(";");
    const count = Math.max(Number(first) || 0, 1);
    const cursor = row.column + row.written.cells;
    const keep = this.limits.keepChars;
    switch (command) {
      case "\n": {
        const next = this.down(moveTo(row, 0, keep));
        return { drawn: shownLine(next, keep), column: 0, written: EMPTY_LINE };
      }
      case "A":
        return this.moveRows(row, -count, null);
      case "B":
        return this.moveRows(row, count, null);
      case "F":
        return this.moveRows(row, -count, 0);
      case "E":
        return this.moveRows(row, count, 0);
      case "H":
      case "f":
        return this.moveRows(row, this.top() + count - 1 - this.cursorIndex(), Math.max(Number(second) || 0, 1) - 1);
      case "7":
      case "s":
        this.saved = { row: this.cursorIndex() - this.top(), column: cursor };
        return row;
      case "8":
      case "u": {
        const saved = this.saved ?? { row: 0, column: 0 };
        return this.moveRows(row, this.top() + saved.row - this.cursorIndex(), saved.column);
      }
      case "J":
        return this.eraseInDisplay(row, cursor, Number(first) || 0, keep);
      default:
        return row;
    }
  }
  eraseInDisplay(row, cursor, mode, keep) {
    if (mode === 0 || mode === 2) {
      this.below = this.eraseRows(this.below, this.belowLines);
    }
    if (mode === 1 || mode === 2) {
      this.above = this.eraseRows(this.above, this.aboveLines);
    }
    if (mode > 2) return row;
    return eraseInLine(shownLine(row, keep), cursor, mode, keep);
  }
};

// src/tools/shell/clean.ts
var NEWLINE3 = 10;
var TAB = 9;
var CARRIAGE_RETURN = 13;
var ESCAPE = 27;
var DELETE = 127;
var C1_LEAD = 194;
var INTRODUCERS = /[\u001b\u0090\u0098\u009b\u009d\u009e\u009f]/g;
var CLEAN_BATCH_BYTES = 16384;
var OPEN_ESCAPE_MAX_CHARS = 4096;
var fatalDecoder = new TextDecoder("utf-8", { fatal: true });
function isUtf8ByDecoding(bytes) {
  try {
    fatalDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
function isControl(byte) {
  return byte < 32 && byte !== TAB && byte !== NEWLINE3 || byte === DELETE;
}
function firstDirtyByte(bytes, from, to) {
  let first = to;
  for (const byte of [ESCAPE, CARRIAGE_RETURN, C1_LEAD, DELETE]) {
    const at2 = bytes.indexOf(byte, from);
    if (at2 !== -1 && at2 < first) first = at2;
  }
  let at = from;
  for (; at < first && (bytes.byteOffset + at) % 4 !== 0; at++) if (isControl(bytes[at])) return at;
  const words = Math.max(0, first - at >> 2);
  if (words > 0) {
    const view = new Int32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i++) {
      const word = view[i];
      if (((word - 538976288 | 0) & ~word & -2139062144) === 0) continue;
      for (let k = at + 4 * i; k < at + 4 * i + 4; k++) if (isControl(bytes[k])) return k;
    }
    at += words * 4;
  }
  for (; at < first; at++) if (isControl(bytes[at])) return at;
  return first;
}
var NEEDS_DRAWING = /[\b]|(?:\u001b\[|\u009b)[0-9;]*[KGCD]/;
var PLAIN_REDRAW = /^[\u0020-\u007e\r]*$/;
var DROPPED_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
function stripped(text2) {
  return stripAnsi(text2).replace(DROPPED_CONTROLS, "");
}
function cleanLine(line) {
  if (!NEEDS_DRAWING.test(line) && !hasScreenControl(line)) {
    const text2 = stripped(line);
    if (!text2.includes("\r")) return text2;
    if (PLAIN_REDRAW.test(text2)) return redrawLine(text2);
  }
  return shownText(drawLine(line).head, 0);
}
function redrawLine(text2) {
  let shown = "";
  for (const part of text2.split("\r")) shown = part.length >= shown.length ? part : part + shown.slice(part.length);
  return shown;
}
var PAYLOAD_INTRODUCERS = /\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f]/;
function cleanLines(text2) {
  if (PAYLOAD_INTRODUCERS.test(text2) || NEEDS_DRAWING.test(text2) || text2.includes("\r")) return text2.split("\n").map(cleanLine).join("\n");
  return stripped(text2);
}
var StreamingCleaner = class {
  keepChars;
  pendingMaxChars;
  isUtf8;
  decoder = new TextDecoder("utf-8");
  wholeDecoder = new TextDecoder("utf-8");
  /** False while the decoder may hold the first bytes of a character split between pieces. */
  decoderEmpty = true;
  isAscii;
  screen;
  onScreen;
  /** Whether the cursor's line holds anything, or is not the last: bytes then go to it, not past it. */
  lineOpen = false;
  /** Text of the cursor's line that has not been drawn yet. */
  raw = "";
  /** Set once the cursor's line outgrew `raw` or the cursor moved between lines: the line as drawn so far. */
  long = null;
  constructor(sink, options) {
    this.keepChars = options.keepChars;
    this.pendingMaxChars = 4 * options.keepChars + OPEN_ESCAPE_MAX_CHARS;
    this.isUtf8 = options.isUtf8 ?? isUtf8ByDecoding;
    this.isAscii = options.isAscii;
    this.screen = new Screen(sink, { rows: options.screenRows ?? SHELL_SCREEN_ROWS, maxBytes: SHELL_SCREEN_MAX_BYTES, keepChars: options.keepChars });
    this.onScreen = (line, command, parameter) => this.screen.control(line, command, parameter);
  }
  write(chunk) {
    const end = chunk.length;
    let pos = 0;
    while (this.lineOpen && pos < end) {
      const newline = chunk.indexOf(NEWLINE3, pos);
      if (newline === -1) {
        this.take(chunk.subarray(pos));
        return;
      }
      this.take(chunk.subarray(pos, newline));
      this.endLine();
      pos = newline + 1;
    }
    const lastNewline = chunk.lastIndexOf(NEWLINE3);
    if (lastNewline >= pos) pos = this.wholeLines(chunk, pos, lastNewline);
    if (pos >= end) return;
    if (this.lineOpen) this.write(chunk.subarray(pos));
    else this.take(chunk.subarray(pos));
  }
  /**
   * Whole lines from `pos` to just after `lastNewline`, the cursor on a new last line: those before
   * the first byte that may need cleaning pass as they are, the rest are cleaned together, up to a
   * line that moves the cursor between lines. Returns where it stopped.
   */
  wholeLines(chunk, pos, lastNewline) {
    const dirty = firstDirtyByte(chunk, pos, lastNewline + 1);
    const cleanEnd = dirty > lastNewline ? lastNewline + 1 : Math.max(pos, chunk.lastIndexOf(NEWLINE3, dirty) + 1);
    if (cleanEnd > pos) this.passThrough(chunk.subarray(pos, cleanEnd));
    for (let start2 = cleanEnd; start2 <= lastNewline; ) {
      let stop = start2 + CLEAN_BATCH_BYTES > lastNewline ? lastNewline : chunk.lastIndexOf(NEWLINE3, start2 + CLEAN_BATCH_BYTES);
      if (stop < start2) stop = chunk.indexOf(NEWLINE3, start2 + CLEAN_BATCH_BYTES);
      const text2 = this.wholeDecoder.decode(chunk.subarray(start2, stop + 1));
      if (hasScreenControl(text2)) {
        this.lineOpen = true;
        return start2;
      }
      this.screen.addLines(encodeUtf8(cleanLines(text2)));
      start2 = stop + 1;
    }
    return lastNewline + 1;
  }
  /** The characters held of the cursor's line, and the bytes of the screen's rows: bounded whatever the output (for tests). */
  heldChars() {
    const parts = this.long === null ? [] : [this.long.drawn, this.long.written];
    return this.raw.length + parts.reduce((sum, line) => sum + line.head.length + line.tail.length, 0) + this.screen.held();
  }
  /** The output ended: a last line without \n is still a line. */
  end() {
    this.raw += this.decoder.decode();
    this.decoderEmpty = true;
    this.foldRaw(true);
    this.screen.finish(this.long ?? EMPTY_CURSOR_LINE);
    this.long = null;
    this.lineOpen = false;
  }
  passThrough(lines) {
    this.screen.addLines(this.isUtf8(lines) ? lines : encodeUtf8(new TextDecoder("utf-8").decode(lines)));
  }
  take(bytes) {
    this.lineOpen = true;
    for (let start2 = 0; start2 < bytes.length; start2 += this.pendingMaxChars) {
      const rest = bytes.subarray(start2);
      if (this.appendPlainAscii(rest)) return;
      const piece = rest.subarray(0, this.pendingMaxChars);
      this.raw += this.decoder.decode(piece, { stream: true });
      this.decoderEmpty = piece[piece.length - 1] < 128;
      if (this.raw.length > this.pendingMaxChars) this.foldRaw(false);
    }
  }
  /**
   * The fast way through the middle of a long line: plain ASCII with nothing to clean needs no
   * decoding, only its two ends as text and its length. Taken only when nothing waits before it.
   */
  appendPlainAscii(bytes) {
    if (this.long === null || this.raw !== "" || !this.decoderEmpty || !this.isAscii || bytes.length <= 2 * this.keepChars || bytes.indexOf(TAB) !== -1 || firstDirtyByte(bytes, 0, bytes.length) !== bytes.length || !this.isAscii(bytes)) {
      return false;
    }
    const keep = this.keepChars;
    const ascii = new TextDecoder("utf-8");
    const middle = bytes.length - 2 * keep;
    const line = {
      head: ascii.decode(bytes.subarray(0, keep)),
      gap: { cells: middle, bytes: middle },
      tail: ascii.decode(bytes.subarray(bytes.length - keep)),
      cells: bytes.length
    };
    this.long = { ...this.long, written: concatLines(this.long.written, line, keep) };
    return true;
  }
  /** Draw what has arrived of the cursor's line, holding back an escape still open. */
  foldRaw(lineEnded) {
    let text2 = this.raw;
    this.raw = "";
    if (!lineEnded) {
      const hold = lastIntroducer(text2, OPEN_ESCAPE_MAX_CHARS);
      if (hold !== -1) {
        this.raw = text2.slice(hold);
        text2 = text2.slice(0, hold);
      }
    }
    if (text2 !== "" || this.long === null) this.long = drawText(this.long ?? EMPTY_CURSOR_LINE, text2, this.keepChars, this.onScreen);
  }
  /** A \n ended the cursor's line. */
  endLine() {
    this.raw += this.decoder.decode();
    this.decoderEmpty = true;
    if (this.long === null && this.screen.atBottom() && !hasScreenControl(this.raw)) {
      this.screen.addLines(encodeUtf8(cleanLine(this.raw) + "\n"));
      this.raw = "";
      this.lineOpen = false;
      return;
    }
    this.foldRaw(true);
    const next = this.screen.control(this.long, "\n", "");
    const fresh = this.screen.atBottom() && next.drawn.cells === 0 && next.written.cells === 0 && next.column === 0;
    this.long = fresh ? null : next;
    this.lineOpen = !fresh;
  }
};
function lastIntroducer(text2, withinChars) {
  const from = Math.max(0, text2.length - withinChars);
  INTRODUCERS.lastIndex = from;
  let last = -1;
  for (let match = INTRODUCERS.exec(text2); match; match = INTRODUCERS.exec(text2)) last = match.index;
  return last;
}
var NO_OUTPUT_TEXT = "(no output)";
function cleanTerminalOutput(text2) {
  const pieces = [];
  const cleaner = new StreamingCleaner(
    { write: (bytes) => void pieces.push(copyBytes(bytes)), skip: () => void 0 },
    { keepChars: Number.MAX_SAFE_INTEGER / 8 }
  );
  cleaner.write(encodeUtf8(text2));
  cleaner.end();
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const all = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return new TextDecoder("utf-8").decode(all);
}

// src/tools/shell/failure-lines.ts
var FAILURE_PATTERNS = [
  // gcc/clang `x.c:3:5: error: ...`, rustc `error[E0308]: ...`, tsc `a.ts(1,7): error TS2322: ...`, `ERROR: ...`,
  // JS `Error: ...`
  { name: "error:, error[E\u2026]:, error TS\u2026:", pattern: /\b(?:error|Error|ERROR)(?:\[[A-Za-z]*\d+\]| TS\d+)?:/ },
  // Python and JS exceptions: `ValueError: ...`, `AssertionError [ERR_ASSERTION]: ...`, Java `...Exception: ...`
  { name: "SomethingError: / SomethingException:", pattern: /\b[A-Z]\w*(?:Error|Exception)(?::|\s\[|$)/ },
  // jest/vitest `FAIL file`, pytest `FAILED`, cargo `... FAILED`, go `--- FAIL:`
  { name: "FAIL, FAILED", pattern: /\bFAIL(?:ED|URE)?\b/ },
  // At the start of a line: vitest's U+00D7, jest's U+2715, mocha's and others' U+2716, U+2717, U+2718.
  // Written as escapes, as every character outside ASCII in code: the bundles are ASCII.
  { name: "\xD7 \u2715 \u2716 \u2717 \u2718 starting a line", pattern: /^\s*[\u00d7\u2715\u2716\u2717\u2718]\s/ },
  // jest's heading of each failed test (U+25CF, a black circle, then `suite > test`); the same circle
  // then `Console` heads logged output
  { name: "jest \u25CF heading", pattern: /^\s*\u25cf (?!Console$)/ },
  { name: "Python Traceback", pattern: /^Traceback \(most recent call last\)/ },
  // go `panic: ...`, rust `thread 'main' panicked at src/main.rs:2:5:`
  { name: "panic:, panicked at", pattern: /^panic: |\bpanicked at\b/ },
  { name: "npm ERR!", pattern: /^npm ERR! / },
  // pytest's explanation lines (`E       assert 1 == 2`)
  { name: "pytest E lines", pattern: /^E {3}/ },
  // C `Assertion `x' failed.`, rust `assertion `left == right` failed`, `assertion failed: ...`
  { name: "assertion \u2026 failed", pattern: /\b[Aa]ssert(?:ion)?\b.*\bfailed\b/ },
  { name: "fatal:, FATAL", pattern: /^fatal: |\bFATAL\b/ },
  { name: "Segmentation fault", pattern: /\bSegmentation fault\b/ }
];
var PASSING_LINE = /^\s*(?:[\u2713\u2714\u221a]|PASS\b|ok\b)|\bPASSED\b|\.\.\. ok$/;
function looksLikeFailure(line) {
  if (PASSING_LINE.test(line)) return false;
  for (const { pattern: pattern2 } of FAILURE_PATTERNS) if (pattern2.test(line)) return true;
  return false;
}
var FAILURE_TRIGGERS = [
  "rror",
  "RROR",
  "Exception",
  "FAIL",
  "\xD7",
  "\u2715",
  "\u2716",
  "\u2717",
  "\u2718",
  "\u25CF",
  "Traceback",
  "panic",
  "npm ERR!",
  "E   ",
  "ssert",
  "fatal",
  "FATAL",
  "Segmentation fault"
];
function failuresWithin(scan, from, to) {
  return {
    lines: scan.lines.filter((line) => line.start >= from && line.end <= to),
    // Said only when the search stopped before the part's end.
    searchedTo: scan.searchedTo < to ? scan.searchedTo : Infinity
  };
}

// src/tools/shell/failure-scan.ts
var NEWLINE4 = 10;
var byteText = new TextDecoder("latin1");
var utf8 = new TextDecoder("utf-8");
var TRIGGERS = FAILURE_TRIGGERS.map((trigger) => byteText.decode(new TextEncoder().encode(trigger)));
function countNewlines(bytes, from, to) {
  let count = 0;
  let at = from;
  for (; at < to && (bytes.byteOffset + at) % 4 !== 0; at++) if (bytes[at] === NEWLINE4) count++;
  const words = Math.max(0, to - at >> 2);
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i++) {
      const x = view[i] ^ 168430090;
      let zero = ~((x & 2139062143) + 2139062143 | x | 2139062143);
      if (zero !== 0) {
        zero >>>= 7;
        count += (zero & 1) + (zero >>> 8 & 1) + (zero >>> 16 & 1) + (zero >>> 24 & 1);
      }
    }
    at += words * 4;
  }
  for (; at < to; at++) if (bytes[at] === NEWLINE4) count++;
  return count;
}
function headText(bytes, maxBytes) {
  let end = Math.min(bytes.length, maxBytes);
  if (end < bytes.length) while (end > 0 && isContinuationByte(bytes[end])) end--;
  return utf8.decode(bytes.subarray(0, end));
}
var FailureLineScanner = class {
  constructor(limits) {
    this.limits = limits;
    this.lineHead = new Uint8Array(limits.lineSearchBytes);
  }
  limits;
  offset = 0;
  /** The number of the line that starts at `lineStart`. */
  lineNumber = 1;
  lineStart = 0;
  lineLength = 0;
  lineHead;
  lineHeadLength = 0;
  inHead = [];
  after = [];
  searchedTo = Infinity;
  done = false;
  write(bytes) {
    if (this.done || bytes.length === 0) return;
    const base = this.offset;
    this.offset += bytes.length;
    const first = bytes.indexOf(NEWLINE4);
    if (first === -1) {
      this.extendLine(bytes);
    } else {
      this.extendLine(bytes.subarray(0, first));
      this.endLine();
      const last = bytes.lastIndexOf(NEWLINE4);
      if (last > first) this.searchLines(bytes, first + 1, last + 1, base);
      this.lineStart = base + last + 1;
      if (!this.done) this.extendLine(bytes.subarray(last + 1));
    }
    if (!this.done && this.offset >= this.limits.searchMaxBytes) {
      this.searchedTo = this.lineStart;
      this.done = true;
    }
  }
  /** Bytes of the open line that are counted, never seen (the middle of a very long line). */
  skip(bytes) {
    if (this.done) return;
    this.offset += bytes;
    this.lineLength += bytes;
  }
  /** The output ended: its last line, without a line end, is a line too. */
  end() {
    if (!this.done && this.lineLength > 0) this.endLine();
    this.done = true;
    const { maxLines, maxPercent } = this.limits;
    return { lines: [...this.inHead, ...this.after], searchedTo: this.searchedTo, maxLines, maxPercent };
  }
  extendLine(bytes) {
    const take = Math.min(bytes.length, this.lineHead.length - this.lineHeadLength);
    if (take > 0) this.lineHead.set(bytes.subarray(0, take), this.lineHeadLength);
    this.lineHeadLength += take;
    this.lineLength += bytes.length;
  }
  /** The open line ended with a \n (or the output did). */
  endLine() {
    this.consider(this.lineHead.subarray(0, this.lineHeadLength), this.lineStart, this.lineLength, this.lineNumber);
    this.lineNumber++;
    this.lineStart += this.lineLength + 1;
    this.lineLength = 0;
    this.lineHeadLength = 0;
  }
  /** Whole lines bytes[from, to), `to` just after a \n: only those holding a trigger are looked at. */
  searchLines(bytes, from, to, base) {
    const text2 = byteText.decode(bytes.subarray(from, to));
    const next = TRIGGERS.map(() => -1);
    let counted = 0;
    for (let at = 0; at < text2.length && !this.done; ) {
      let hit = Infinity;
      for (let i = 0; i < TRIGGERS.length; i++) {
        if (next[i] < at && next[i] !== Infinity) {
          const found = text2.indexOf(TRIGGERS[i], at);
          next[i] = found === -1 ? Infinity : found;
        }
        if (next[i] < hit) hit = next[i];
      }
      if (hit === Infinity) break;
      const start2 = hit === 0 ? 0 : text2.lastIndexOf("\n", hit - 1) + 1;
      const end = text2.indexOf("\n", hit);
      this.lineNumber += countNewlines(bytes, from + counted, from + start2);
      counted = start2;
      const line = bytes.subarray(from + start2, from + end);
      this.consider(line.subarray(0, this.limits.lineSearchBytes), base + from + start2, end - start2, this.lineNumber);
      at = end + 1;
    }
    this.lineNumber += countNewlines(bytes, from + counted, to);
  }
  consider(head, start2, length, number3) {
    const text2 = headText(head, this.limits.lineSearchBytes);
    if (!looksLikeFailure(text2)) return;
    const line = { number: number3, start: start2, end: start2 + length + 1, text: headText(head, this.limits.keptLineMaxBytes), bytes: length };
    if (start2 < this.limits.headBytes) {
      this.inHead.push(line);
    } else {
      this.after.push(line);
      if (this.after.length > this.limits.maxLines) {
        this.searchedTo = Infinity;
        this.done = true;
      }
    }
  }
};
var FailureWatch = class {
  constructor(collector, wholeBytes, limits) {
    this.collector = collector;
    this.wholeBytes = wholeBytes;
    this.limits = limits;
  }
  collector;
  wholeBytes;
  limits;
  scanner = null;
  write(bytes) {
    if (this.scanner === null && this.collector.totalBytes + bytes.length > this.wholeBytes) this.start();
    this.scanner?.write(bytes);
    this.collector.write(bytes);
  }
  skip(bytes) {
    if (this.scanner === null) this.start();
    this.scanner.skip(bytes);
    this.collector.skip(bytes);
  }
  /** The scan's result, for an output that is being elided (started now if it has not been). */
  result(output) {
    if (this.scanner === null) {
      this.scanner = new FailureLineScanner(this.limits);
      if (output.whole) this.scanner.write(output.tail);
    }
    return this.scanner.end();
  }
  start() {
    this.scanner = new FailureLineScanner(this.limits);
    this.scanner.write(this.collector.tailBytes());
  }
};

// src/tools/shell/collect.ts
function shellShapeLimits(maxBytes, overrides = {}) {
  return { maxBytes, headMaxBytes: SHELL_HEAD_MAX_BYTES, lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT, ...overrides };
}
function headCapBytes(limits) {
  return Math.min(limits.headMaxBytes, Math.floor(limits.maxBytes / 4));
}
var OutputCollector = class {
  constructor(headKeepBytes, tailKeepBytes) {
    this.tailKeepBytes = tailKeepBytes;
    this.head = new Uint8Array(headKeepBytes);
  }
  tailKeepBytes;
  totalBytes = 0;
  /** True once a gap was counted: the tail then no longer reaches back to the head. */
  skipped = false;
  head;
  headLength = 0;
  headClosed = false;
  tailPieces = [];
  tailLength = 0;
  write(bytes) {
    if (bytes.length === 0) return;
    this.totalBytes += bytes.length;
    if (!this.headClosed && this.headLength < this.head.length) {
      const take = Math.min(bytes.length, this.head.length - this.headLength);
      this.head.set(bytes.subarray(0, take), this.headLength);
      this.headLength += take;
    }
    if (bytes.length >= this.tailKeepBytes) {
      this.tailPieces = [copyBytes(bytes.subarray(bytes.length - this.tailKeepBytes))];
      this.tailLength = this.tailKeepBytes;
      return;
    }
    this.tailPieces.push(copyBytes(bytes));
    this.tailLength += bytes.length;
    while (this.tailLength - this.tailPieces[0].length >= this.tailKeepBytes) {
      this.tailLength -= this.tailPieces.shift().length;
    }
  }
  skip(bytes) {
    if (bytes <= 0) return;
    this.totalBytes += bytes;
    this.skipped = true;
    this.headClosed = true;
    this.tailPieces = [];
    this.tailLength = 0;
  }
  headBytes() {
    return this.head.subarray(0, this.headLength);
  }
  tailBytes() {
    const all = new Uint8Array(this.tailLength);
    let at = 0;
    for (const piece of this.tailPieces) {
      all.set(piece, at);
      at += piece.length;
    }
    return all.subarray(Math.max(0, this.tailLength - this.tailKeepBytes));
  }
};
function outputCollectorFor(limits) {
  return new OutputCollector(headCapBytes(limits) + 1, limits.maxBytes + 1);
}
function collectedOutput(collector) {
  const tail = collector.tailBytes();
  return {
    head: collector.headBytes(),
    tail,
    totalBytes: collector.totalBytes,
    whole: !collector.skipped && tail.length === collector.totalBytes
  };
}

// src/tools/shell/failure-watch.ts
function failureWatchFor(collector, limits) {
  return new FailureWatch(collector, limits.maxBytes + 1, {
    headBytes: headCapBytes(limits) + 1,
    maxLines: SHELL_KEPT_ERROR_LINES_MAX,
    maxPercent: SHELL_KEPT_ERRORS_MAX_PERCENT,
    searchMaxBytes: SHELL_ERROR_SEARCH_MAX_BYTES,
    lineSearchBytes: SHELL_ERROR_LINE_SEARCH_BYTES,
    keptLineMaxBytes: SHELL_KEPT_ERROR_LINE_MAX_BYTES
  });
}

// src/tools/shell/output-events.ts
var NEWLINE5 = 10;
var NOTHING_SHOWN = { text: "", rawBytes: 0 };
var decoder3 = new TextDecoder();
var OutputProgress = class {
  constructor(limits) {
    this.limits = limits;
    this.held = new Uint8Array(Math.min(limits.heldMaxBytes, 4096));
  }
  limits;
  /** The command's output so far, in bytes. */
  totalBytes = 0;
  /** Raw bytes since the last event's last line end: the latest heldMaxBytes of them at least, twice that at most. */
  held;
  heldLength = 0;
  /** Bytes since the last event that are no longer held (a flood): counted as skipped. */
  droppedBytes = 0;
  write(bytes) {
    this.totalBytes += bytes.length;
    const max = this.limits.heldMaxBytes;
    if (bytes.length >= max) {
      this.droppedBytes += this.heldLength + bytes.length - max;
      this.ensureCapacity(max);
      this.held.set(bytes.subarray(bytes.length - max), 0);
      this.heldLength = max;
      return;
    }
    if (this.heldLength + bytes.length > 2 * max) {
      const keep = max - bytes.length;
      const drop = this.heldLength - keep;
      this.held.copyWithin(0, drop, this.heldLength);
      this.heldLength = keep;
      this.droppedBytes += drop;
    }
    this.ensureCapacity(this.heldLength + bytes.length);
    this.held.set(bytes, this.heldLength);
    this.heldLength += bytes.length;
  }
  /** The event for the lines completed since the previous one; null when no line was completed. */
  take() {
    const lastEnd = this.held.subarray(0, this.heldLength).lastIndexOf(NEWLINE5);
    if (lastEnd === -1) return null;
    const firstWhole = this.droppedBytes > 0 ? this.held.indexOf(NEWLINE5) + 1 : 0;
    const shown = firstWhole > lastEnd ? NOTHING_SHOWN : lastWholeLines(this.held.subarray(firstWhole, lastEnd), this.limits.maxBytes);
    const completedBytes = this.droppedBytes + lastEnd + 1;
    const report = { type: "output", text: shown.text, bytes: this.totalBytes };
    const skipped = completedBytes - shown.rawBytes;
    if (skipped > 0) report.skipped_bytes = skipped;
    this.held.copyWithin(0, lastEnd + 1, this.heldLength);
    this.heldLength -= lastEnd + 1;
    this.droppedBytes = 0;
    return report;
  }
  ensureCapacity(needed) {
    if (needed <= this.held.length) return;
    const grown2 = new Uint8Array(Math.min(2 * this.limits.heldMaxBytes, Math.max(needed, this.held.length * 2)));
    grown2.set(this.held.subarray(0, this.heldLength));
    this.held = grown2;
  }
};
function lastWholeLines(completed, maxBytes) {
  const shown = [];
  let shownBytes2 = 0;
  let rawBytes = 0;
  let end = completed.length;
  for (; ; ) {
    const start2 = end === 0 ? 0 : completed.lastIndexOf(NEWLINE5, end - 1) + 1;
    const line = cleanLine(decoder3.decode(completed.subarray(start2, end)));
    const lineBytes = utf8Bytes(line) + (shown.length > 0 ? 1 : 0);
    if (shownBytes2 + lineBytes > maxBytes) break;
    shown.push(line);
    shownBytes2 += lineBytes;
    rawBytes += end - start2 + 1;
    if (start2 === 0) break;
    end = start2 - 1;
  }
  return { text: shown.reverse().join("\n"), rawBytes };
}

// src/tools/shell/output-tap.ts
var NO_TAP = { write: () => {
}, end: () => {
} };
function outputTapFor(progress) {
  if (!progress.wanted) return NO_TAP;
  const batcher = new OutputProgress({ maxBytes: PROGRESS_OUTPUT_MAX_BYTES, heldMaxBytes: PROGRESS_OUTPUT_HELD_MAX_BYTES });
  const now = () => progress.elapsedMs();
  const clock = timersOn(now);
  let lastEventAt = -Infinity;
  let cancelTimer = null;
  let ended = false;
  const takeEvent = () => {
    cancelTimer = null;
    if (ended) return;
    const report = batcher.take();
    if (report === null) return;
    lastEventAt = progress.report(report);
  };
  return {
    write(bytes) {
      if (ended) return;
      batcher.write(bytes);
      if (cancelTimer !== null) return;
      const due = lastEventAt + PROGRESS_OUTPUT_INTERVAL_MS;
      if (now() >= due) takeEvent();
      else cancelTimer = whenDue(clock, due, takeEvent);
    },
    end() {
      ended = true;
      cancelTimer?.();
    }
  };
}

// src/tools/shell/environment.ts
var FIXED_SHELL_ENV = {
  PAGER: "cat",
  GIT_PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  NO_COLOR: "1",
  TERM: "dumb",
  DEBIAN_FRONTEND: "noninteractive",
  // No prompt can be answered (stdin is /dev/null, nobody reads the terminal): gh and Git Credential
  // Manager fail at once instead of waiting for the timeout.
  GH_PROMPT_DISABLED: "1",
  GCM_INTERACTIVE: "never"
};
var FAILS_AT_ONCE = "false";
var DEFAULT_SHELL_ENV = [
  { name: "GIT_ASKPASS", value: FAILS_AT_ONCE, unlessSet: ["GIT_ASKPASS"] },
  { name: "SSH_ASKPASS", value: FAILS_AT_ONCE, unlessSet: ["SSH_ASKPASS"] },
  { name: "GIT_EDITOR", value: FAILS_AT_ONCE, unlessSet: ["GIT_EDITOR", "VISUAL", "EDITOR"] },
  { name: "EDITOR", value: FAILS_AT_ONCE, unlessSet: ["EDITOR", "VISUAL"] }
];
function parseRepoTokens(value, home) {
  if (value === void 0) return null;
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return [];
  const tokens = [];
  for (const [folder, token] of Object.entries(parsed)) {
    if (typeof token !== "string" || token === "" || folder === "" || folder.includes("\0")) continue;
    tokens.push({ folder: expandHome(folder, home, home), token });
  }
  return tokens;
}
function tokenForFolder(tokens, places) {
  let best = null;
  for (const entry of tokens) {
    if (!places.some((place) => isInside(normalizeAbsolute(place), entry.folder))) continue;
    if (best === null || entry.folder.length > best.folder.length) best = entry;
  }
  return best?.token ?? null;
}
function ghTokenFor(agentEnv, home, cwd, realPath) {
  const tokens = parseRepoTokens(agentEnv[REPO_TOKENS_VARIABLE], home);
  if (tokens === null) return void 0;
  const resolvedCwd = realPath(cwd);
  const places = resolvedCwd === null ? [cwd] : [cwd, resolvedCwd];
  const resolved = tokens.flatMap((entry) => {
    const folder = realPath(entry.folder);
    return folder === null ? [entry] : [entry, { folder, token: entry.token }];
  });
  return tokenForFolder(resolved, places);
}
function shellEnvironment(input) {
  const env = {};
  for (const [name, value] of Object.entries(input.agentEnv)) if (value !== void 0) env[name] = value;
  delete env[REPO_TOKENS_VARIABLE];
  const extraCaCerts = env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE];
  if (extraCaCerts !== void 0) {
    delete env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE];
    if (extraCaCerts === "") delete env[NODE_EXTRA_CA_CERTS_VARIABLE];
    else env[NODE_EXTRA_CA_CERTS_VARIABLE] = extraCaCerts;
  }
  for (const { name, value, unlessSet } of DEFAULT_SHELL_ENV) {
    if (unlessSet.every((set) => env[set] === void 0 || env[set] === "")) env[name] = value;
  }
  Object.assign(env, FIXED_SHELL_ENV);
  env.GUILD_RUN_ID = input.runId;
  env.GUILD_AGENT_ID = input.agentId;
  env.PWD = input.cwd;
  delete env.OLDPWD;
  if (input.ghToken !== void 0) {
    if (input.ghToken === null) delete env.GH_TOKEN;
    else env.GH_TOKEN = input.ghToken;
  }
  if (input.traceContext !== void 0) {
    env[TRACEPARENT_VARIABLE] = input.traceContext.traceparent;
    if (input.traceContext.tracestate === void 0) delete env[TRACESTATE_VARIABLE];
    else env[TRACESTATE_VARIABLE] = input.traceContext.tracestate;
  }
  return env;
}

// src/tools/command-environment.ts
function commandEnvironment(context, cwd) {
  const { io, request } = context;
  const realPath = (path) => {
    try {
      return io.fs.realPath(path);
    } catch {
      return null;
    }
  };
  return shellEnvironment({
    agentEnv: io.env,
    runId: request.runId,
    agentId: request.agentId,
    cwd,
    ghToken: ghTokenFor(io.env, io.home, cwd, realPath),
    traceContext: request.traceContext
  });
}

// src/tools/shell/format.ts
var NEWLINE6 = 10;
var PATH_CUT_MARK = "\u2026";
function timedOutLine(timeoutSeconds) {
  return `[timed out after ${timeoutSeconds}s; the command was stopped]`;
}
var INTERRUPTED_LINE = "[the helper was interrupted; the command was stopped]";
function shellTrailers(exitCode, stopLine, elapsedMs = 0, slowAfterMs = Infinity) {
  const lines = [];
  if (stopLine !== null) lines.push(stopLine);
  const took = elapsedMs > slowAfterMs ? formatElapsed(elapsedMs) : null;
  if (exitCode !== 0) lines.push(`exit_code: ${exitCode}` + (took === null ? "" : ` \xB7 ${took}`));
  else if (took !== null) lines.push(`(took ${took})`);
  return lines;
}
function elisionLine(elidedBytes, logPath) {
  return `[\u2026 ${elidedBytes} bytes elided; full output: ${logPath} \u2026]`;
}
var decoder4 = new TextDecoder("utf-8");
function shapeShellText(output, trailers, logPath, limits, shortLogPath = logPath, failures) {
  const trailerText = trailers.map((line) => "\n" + line).join("");
  const trailerBytes = utf8Bytes(trailerText);
  const endsWithNewline = output.totalBytes > 0 && output.tail.length > 0 && output.tail[output.tail.length - 1] === NEWLINE6;
  const shownTotal = output.totalBytes - (endsWithNewline ? 1 : 0);
  if (output.whole && shownTotal + trailerBytes <= limits.maxBytes) {
    const body = shownTotal === 0 ? NO_OUTPUT_TEXT : decoder4.decode(output.tail.subarray(0, shownTotal));
    return { text: body + trailerText, elided: false };
  }
  const headCap = headCapBytes(limits);
  const partsRoom = (path) => limits.maxBytes - utf8Bytes(elisionLine(output.totalBytes, path)) - 2 - trailerBytes;
  const shownPath2 = elisionLogPath(partsRoom, headCap, logPath, shortLogPath);
  const markerRoom = utf8Bytes(elisionLine(output.totalBytes, shownPath2));
  const headRoom = Math.max(0, Math.min(headCap, partsRoom(shownPath2) - headCap));
  const reach = (size) => Math.floor(size * limits.lineEndReachPercent / 100);
  const head = output.head;
  const { headShown, headEnd } = cutHead(head, headRoom, reach(headRoom));
  const tail = output.tail;
  const tailShownEnd = tail.length - (endsWithNewline ? 1 : 0);
  const tailOffset = output.totalBytes - tail.length;
  const room = Math.max(0, limits.maxBytes - headShown - 1 - markerRoom - 1 - trailerBytes);
  const earliest = Math.max(0, headEnd - tailOffset);
  const tailStart = (tailRoom) => tailStartWithin(tail, tailShownEnd, earliest, tailRoom, reach(tailRoom));
  const { kept, start: start2 } = withFailures(failures?.(), { limits, room, headCap, headEnd, tailOffset, tailStart });
  const elidedBytes = Math.max(0, tailOffset + start2 - headEnd);
  const text2 = (headShown > 0 ? decoder4.decode(head.subarray(0, headShown)) + "\n" : "") + elisionLine(elidedBytes, shownPath2) + "\n" + kept + decoder4.decode(tail.subarray(start2, tailShownEnd)) + trailerText;
  return { text: text2, elided: true, elidedBytes };
}
function tailStartWithin(tail, tailShownEnd, earliest, tailRoom, reachBytes) {
  let start2 = Math.min(tailShownEnd, Math.max(earliest, tailShownEnd - tailRoom));
  const windowStart = start2;
  for (let i = Math.max(windowStart - 1, earliest); i < Math.min(tailShownEnd, windowStart + reachBytes); i++) {
    if (tail[i] === NEWLINE6) return i + 1;
  }
  while (start2 < tailShownEnd && isContinuationByte(tail[start2])) start2++;
  return start2;
}
function withFailures(scan, parts) {
  const { limits, room, headCap, headEnd, tailOffset, tailStart } = parts;
  const budget = scan ? Math.min(Math.floor(limits.maxBytes * scan.maxPercent / 100), room - headCap - 1) : 0;
  if (scan && budget > 0) {
    const block = keptFailures(scan, headEnd, tailOffset + tailStart(room - budget - 1), budget);
    if (block) return { kept: block.text + "\n", start: Math.max(tailStart(room - block.bytes - 1), block.end - tailOffset) };
  }
  return { kept: "", start: tailStart(room) };
}
function elisionLogPath(partsRoom, headCap, logPath, shortLogPath) {
  if (partsRoom(logPath) >= headCap) return logPath;
  if (partsRoom(shortLogPath) >= headCap) return shortLogPath;
  const pathRoom = Math.max(0, partsRoom("") - headCap - utf8Bytes(PATH_CUT_MARK));
  return PATH_CUT_MARK + suffixWithinBytes(shortLogPath, pathRoom);
}
function cutHead(head, headRoom, reach) {
  const lastNewline = headRoom === 0 ? -1 : head.subarray(0, Math.min(headRoom + 1, head.length)).lastIndexOf(NEWLINE6);
  if (lastNewline !== -1 && lastNewline >= headRoom - reach) return { headShown: lastNewline, headEnd: lastNewline + 1 };
  let headShown = Math.min(headRoom, head.length);
  while (headShown > 0 && isContinuationByte(head[headShown])) headShown--;
  return { headShown, headEnd: headShown };
}
function keptLineText(line) {
  const shownBytes2 = utf8Bytes(line.text);
  return `L${line.number}: ${line.text}` + (line.bytes > shownBytes2 ? `\u2026 [+${line.bytes - shownBytes2} bytes]` : "");
}
function keptLinesHeader(count, more, searchedTo) {
  const what = count === 1 ? "1 line that looks like an error" : `${count} lines that look like errors`;
  const searched = Number.isFinite(searchedTo) ? ` (searched up to byte ${searchedTo})` : "";
  return more ? `[\u2026 kept the first ${what} from the elided part${searched}; the log has more \u2026]` : `[\u2026 kept ${what} from the elided part${searched} \u2026]`;
}
function keptFailures(scan, from, to, budgetBytes) {
  const { lines: eligible, searchedTo } = failuresWithin(scan, from, to);
  let best = null;
  const shown = [];
  for (const line of eligible.slice(0, scan.maxLines)) {
    shown.push(keptLineText(line));
    const text2 = [keptLinesHeader(shown.length, eligible.length > shown.length, searchedTo), ...shown].join("\n");
    const bytes = utf8Bytes(text2);
    if (bytes <= budgetBytes) best = { text: text2, bytes, end: line.end };
  }
  return best;
}
function startedText(id, pid, logPath) {
  return [
    `started ${id} in the background (pid ${pid})`,
    `log: ${logPath}`,
    `check it with shell_status {"id": "${id}"}; stop it with {"id": "${id}", "stop": true}`
  ].join("\n");
}
function notRecordedLine(reason, cwd) {
  return `[${reason}; the next call starts in ${cwd}]`;
}
var shellErrors = {
  emptyCommand: () => new ToolError("invalid_request", "shell: command is empty"),
  nulInCommand: () => new ToolError("invalid_request", "shell: the command contains a NUL byte"),
  cannotPrepare: (what, path, reason) => new ToolError("io", `shell: cannot run the command: cannot ${what} ${path}: ${reason}`),
  cannotRun: (cwd, reason) => new ToolError("unavailable", `shell: could not run the command in ${cwd}: ${reason}`),
  noBackgroundId: () => new ToolError("busy", "could not allocate a background id: too many starts at once"),
  cannotCreateForBackground: (path, reason) => new ToolError("io", `shell: cannot start a background command: cannot create ${path}: ${reason}`),
  cannotClaimBackgroundId: (folder, reason) => new ToolError("io", `shell: cannot start a background command: cannot record it in ${folder}: ${reason}`),
  cannotStartBackground: (id, reason) => new ToolError("unavailable", `shell: could not start ${id} in the background: ${reason}`),
  cannotRecordBackground: (id, folder, reason) => new ToolError("io", `shell: could not record ${id} in ${folder}: ${reason}; the command was stopped`)
};

// src/tools/shell/script.ts
function bashQuote(text2) {
  return `'${text2.replace(/'/g, `'\\''`)}'`;
}
function bashAnsiCQuote(text2) {
  const escaped = text2.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return `$'${escaped}'`;
}
function fromFile(commandPath) {
  return `BASH_EXECUTION_STRING=$(< ${bashQuote(commandPath)}) || exit 126; eval "$BASH_EXECUTION_STRING"`;
}
function withPrelude(prelude, command, commandPath, inlineMaxBytes) {
  const inline = `${prelude}; ${command}`;
  if (utf8Bytes(inline) <= inlineMaxBytes) return { script: inline, commandFileText: null };
  return { script: `${prelude}; ${fromFile(commandPath)}`, commandFileText: command };
}
var CHANGE_FOLDER_FUNCTION = "__guilds_change_folder";
function directoryChangeFunctions(recordPath2) {
  const record2 = `builtin pwd 2>/dev/null >| ${bashQuote(recordPath2)}`;
  const shared = `${CHANGE_FOLDER_FUNCTION}() { builtin "$@" 2>/dev/null && { [[ $BASH_SUBSHELL != 0 ]] || ${record2}; return 0; }; local __guilds_status=$? __guilds_message; __guilds_message=$(builtin "$@" 2>&1 >/dev/null) || :; builtin printf '%s: line %s: %s\\n' "\${BASH_SOURCE[2]:-$0}" "\${BASH_LINENO[1]}" "\${__guilds_message#*: line [0-9]*: }" >&2; return "$__guilds_status"; }`;
  const standIns = ["cd", "pushd", "popd"].map((name) => `${name}() { { local -; set +x; } 2>/dev/null; ${CHANGE_FOLDER_FUNCTION} ${name} "$@"; }`);
  return [shared, ...standIns].join("; ");
}
var ENTER_FOLDER = 'builtin cd -- "$1" || builtin exit; builtin unset OLDPWD; builtin export OLDPWD; builtin set --';
function foregroundScriptArgs(cwd) {
  return ["bash", cwd];
}
function foregroundScript(command, paths, inlineMaxBytes) {
  const recordPath2 = paths.record;
  const moved = `[[ \${PWD-} == ${bashAnsiCQuote(paths.start)} && ! -e ${bashQuote(recordPath2)} ]]`;
  const trap = `trap ${bashQuote(`{ builtin trap '' TERM; ${moved} || builtin pwd >| ${bashQuote(recordPath2)}; } 2>/dev/null`)} EXIT`;
  const prelude = `${ENTER_FOLDER}; ${directoryChangeFunctions(recordPath2)}; ${trap}`;
  return withPrelude(prelude, command, paths.command, inlineMaxBytes);
}
function backgroundScript(command, commandPath, inlineMaxBytes) {
  if (utf8Bytes(command) <= inlineMaxBytes) return { script: command, scriptArgs: [], commandFileText: null };
  return {
    script: `BASH_EXECUTION_STRING=$(< "$1") || exit 126; rm -f -- "$1" 2>/dev/null; set --; eval "$BASH_EXECUTION_STRING"`,
    scriptArgs: ["bash", commandPath],
    commandFileText: command
  };
}
var TIMED_OUT_EXIT_CODE = 124;

// src/tools/shell/run.ts
function prepare(path, what, step) {
  try {
    step();
  } catch (error2) {
    throw shellErrors.cannotPrepare(what, path, stateFailure(error2));
  }
}
function removeIfPossible(io, path) {
  try {
    io.fs.removeFile(path);
  } catch {
  }
}
var NOT_MOVED = "not moved";
function readRecordedDirectory(io, path) {
  let bytes;
  try {
    if (io.fs.lstat(path) === null) return NOT_MOVED;
    bytes = io.fs.readFile(path);
  } catch (error2) {
    if (errorCode(error2) === "ENOENT") return NOT_MOVED;
    removeIfPossible(io, path);
    return null;
  }
  try {
    const text2 = new TextDecoder().decode(bytes).replace(/\n$/, "");
    if (!text2.startsWith("/") || /[\0\n]/.test(text2)) return null;
    return io.fs.stat(text2)?.kind === "folder" ? normalizeAbsolute(text2) : null;
  } catch {
    return null;
  } finally {
    removeIfPossible(io, path);
  }
}
function stopLineOf(outcome, timeoutSeconds) {
  if (outcome.timedOut) return timedOutLine(timeoutSeconds);
  if (outcome.interruptedBy !== null) return INTERRUPTED_LINE;
  return null;
}
async function shell(context, args) {
  const { command } = args;
  if (command.trim() === "") throw shellErrors.emptyCommand();
  if (command.includes("\0")) throw shellErrors.nulInCommand();
  return args.background ? startBackground(context, command) : runForeground(context, command, args.timeoutSeconds);
}
function outputPipeline(io, maxBytes) {
  const limits = shellShapeLimits(maxBytes);
  const collector = outputCollectorFor(limits);
  const watch = failureWatchFor(collector, limits);
  const cleaner = new StreamingCleaner(watch, {
    keepChars: limits.maxBytes,
    isUtf8: (bytes) => io.shell.isUtf8(bytes),
    isAscii: io.shell.isAscii
  });
  return { limits, collector, watch, cleaner };
}
function recordFinalFolder(io, runId, recordPath2, cwd, cwdRecorded) {
  const recorded = readRecordedDirectory(io, recordPath2);
  if (recorded === NOT_MOVED) {
    if (!cwdRecorded) pinStartingFolder(io, runId, cwd);
    return null;
  }
  if (recorded === null || recorded === cwd && cwdRecorded) return null;
  try {
    saveWorkingDirectory(io, runId, recorded);
    return null;
  } catch (error2) {
    if (!(error2 instanceof ToolError)) throw error2;
    return notRecordedLine(error2.message, cwd);
  }
}
function pinStartingFolder(io, runId, cwd) {
  try {
    saveWorkingDirectory(io, runId, cwd);
  } catch (error2) {
    if (!(error2 instanceof ToolError)) throw error2;
  }
}
function prepareForeground(io, request, command, cwd) {
  const folder = runFolder(io, request.runId);
  prepare(folder, "create", () => io.fs.makeFolder(folder));
  const at = (suffix) => joinPath(folder, `${request.callId}.${suffix}`);
  const files = { logPath: at("log"), recordPath: at("cwd"), commandPath: at("cmd") };
  prepare(files.logPath, "clear", () => io.fs.removeFile(files.logPath));
  prepare(files.recordPath, "clear", () => io.fs.removeFile(files.recordPath));
  const { script, commandFileText } = foregroundScript(command, { start: cwd, record: files.recordPath, command: files.commandPath }, SHELL_INLINE_SCRIPT_MAX_BYTES);
  if (commandFileText !== null) prepare(files.commandPath, "create", () => io.fs.writeFileAtomic(files.commandPath, commandFileText));
  return { files, script, commandFile: commandFileText !== null };
}
async function runForeground(context, command, timeoutSeconds) {
  const { io, request, cwd } = context;
  const { files, script, commandFile } = prepareForeground(io, request, command, cwd);
  const { limits, collector, watch, cleaner } = outputPipeline(io, request.maxBytes);
  const run = {
    script,
    scriptArgs: foregroundScriptArgs(cwd),
    cwd,
    env: commandEnvironment(context, context.cwd),
    logPath: files.logPath,
    callKey: callKey(request.agentId, request.runId, request.callId),
    timeoutMs: timeoutSeconds * 1e3,
    stop: context.stop,
    killGraceMs: SHELL_KILL_GRACE_MS
  };
  let outcome;
  const startedAt = io.now();
  const tap = outputTapFor(context.progress);
  try {
    outcome = await io.shell.run(run, (bytes) => {
      tap.write(bytes);
      cleaner.write(bytes);
    });
  } catch (error2) {
    removeIfPossible(io, files.logPath);
    removeIfPossible(io, files.recordPath);
    throw shellErrors.cannotRun(cwd, codeOrMessage(error2));
  } finally {
    tap.end();
    if (commandFile) removeIfPossible(io, files.commandPath);
  }
  const notRecorded = recordFinalFolder(io, request.runId, files.recordPath, cwd, context.cwdRecorded === true);
  const elapsedMs = Math.max(0, io.now() - startedAt);
  cleaner.end();
  const exitCode = outcome.timedOut ? TIMED_OUT_EXIT_CODE : outcome.exitCode;
  const output = collectedOutput(collector);
  const stopLines = [stopLineOf(outcome, timeoutSeconds), notRecorded].filter((line) => line !== null).join("\n") || null;
  const trailers = shellTrailers(exitCode, stopLines, elapsedMs, SHELL_SLOW_COMMAND_MS);
  const homeLog = `~/${RUNS_FOLDER_NAME}/${request.runId}/${request.callId}.log`;
  const shaped = shapeShellText(output, trailers, files.logPath, limits, homeLog, () => watch.result(output));
  if (!shaped.elided) removeIfPossible(io, files.logPath);
  const meta2 = { exit_code: exitCode, cwd, timed_out: outcome.timedOut, elapsed_ms: elapsedMs };
  if (shaped.elided) meta2.log_path = files.logPath;
  if (request.telemetry === true && shaped.elidedBytes !== void 0) meta2[ELIDED_BYTES_META_FIELD] = shaped.elidedBytes;
  return { text: shaped.text, meta: meta2 };
}
function claimId(io, folder, record2) {
  let next = highestJobNumber(io, folder) + 1;
  for (let attempt = 0; attempt < BACKGROUND_ID_CLAIM_MAX_ATTEMPTS; attempt++, next++) {
    const id = `b${next}`;
    if (io.background.createExclusive(recordPath(folder, id), JSON.stringify({ id, ...record2 }) + "\n")) return id;
  }
  throw shellErrors.noBackgroundId();
}
function makeBackgroundFolders(io, folders) {
  for (const needed of folders) {
    try {
      io.fs.makeFolder(needed);
    } catch (error2) {
      throw shellErrors.cannotCreateForBackground(needed, errorCode(error2) ?? "unknown error");
    }
  }
}
function recordStarted(io, folder, started) {
  const record2 = { ...started, start_ticks: io.background.processStat(started.pid)?.startTicks ?? null };
  try {
    io.fs.writeFileAtomic(recordPath(folder, record2.id), JSON.stringify(record2) + "\n");
  } catch (error2) {
    io.background.signalGroup(record2.pid, "SIGKILL");
    throw shellErrors.cannotRecordBackground(record2.id, folder, stateFailure(error2));
  }
}
function startBackground(context, command) {
  const { io, request, cwd } = context;
  const startedAt = io.now();
  const folder = backgroundFolder(io, request.agentId);
  makeBackgroundFolders(io, [folder, runFolder(io, request.runId)]);
  const logPath = joinPath(runFolder(io, request.runId), `${request.callId}.log`);
  const pending = {
    command,
    cwd,
    log_path: logPath,
    run_id: request.runId,
    call_id: request.callId,
    started_at_ms: io.now(),
    pid: null,
    process_group: null,
    start_ticks: null
  };
  let id;
  try {
    id = claimId(io, folder, pending);
  } catch (error2) {
    if (error2 instanceof ToolError) throw error2;
    throw shellErrors.cannotClaimBackgroundId(folder, stateFailure(error2));
  }
  const env = commandEnvironment(context, context.cwd);
  env[JOB_MARKER_VARIABLE] = recordPath(folder, id);
  const commandPath = joinPath(runFolder(io, request.runId), `${request.callId}.cmd`);
  const { script, scriptArgs, commandFileText } = backgroundScript(command, commandPath, SHELL_INLINE_SCRIPT_MAX_BYTES);
  let pid;
  try {
    if (commandFileText !== null) io.fs.writeFileAtomic(commandPath, commandFileText);
    pid = io.background.startSupervised({ script, scriptArgs, cwd, env, logPath, exitPath: exitPath(folder, id) });
  } catch (error2) {
    if (commandFileText !== null) removeIfPossible(io, commandPath);
    throw shellErrors.cannotStartBackground(id, codeOrMessage(error2));
  }
  recordStarted(io, folder, { id, ...pending, pid, process_group: pid, start_ticks: null });
  return {
    text: startedText(id, pid, logPath),
    meta: { exit_code: null, cwd, timed_out: false, elapsed_ms: Math.max(0, io.now() - startedAt), log_path: logPath, background_id: id }
  };
}

// src/text/lines.ts
function lastLinesWithin(lines, roomBytes, markerBytes) {
  const kept = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const size = utf8Bytes(lines[i]) + 1;
    if (used + size + markerBytes > roomBytes) break;
    kept.unshift(lines[i]);
    used += size;
  }
  return kept;
}

// src/tools/shell_status/format.ts
function stateText(state) {
  return state.kind === "exited" ? `exited ${state.exitCode}` : state.kind;
}
function commandFirstLine(command, maxChars) {
  const line = command.replace(/^\s*\n/, "").split("\n")[0].replace(/\r$/, "").trimEnd();
  return clipChars(line, maxChars);
}
var RECORD_PROBLEM_WORDS = {
  unreadable: "unreadable record",
  outside_folders: "record points outside the agent's folders"
};
var NO_BACKGROUND_COMMANDS = "no background commands";
function listLine(entry, commandMaxChars) {
  if ("problem" in entry) return `${entry.id} (${RECORD_PROBLEM_WORDS[entry.problem]})`;
  const line = `${entry.id} ${stateText(entry.state)} ${formatElapsed(entry.elapsedMs)} ${commandFirstLine(entry.command, commandMaxChars)}`;
  return line.trimEnd();
}
function formatList(entries, commandMaxChars, maxBytes) {
  if (entries.length === 0) return NO_BACKGROUND_COMMANDS;
  const lines = entries.map((entry) => listLine(entry, commandMaxChars));
  const whole = lines.join("\n");
  if (utf8Bytes(whole) <= maxBytes) return whole;
  const markerFor = (left) => `[\u2026 ${left} older commands not shown]`;
  const kept = lastLinesWithin(lines, maxBytes, utf8Bytes(markerFor(lines.length)));
  return [markerFor(lines.length - kept.length), ...kept].join("\n");
}
function logTail(bytes, fromStart, maxLines) {
  let start2 = 0;
  let clipped = false;
  if (!fromStart) {
    const newline = bytes.indexOf(10);
    if (newline !== -1 && newline < bytes.length - 1) start2 = newline + 1;
    else clipped = true;
  }
  const text2 = cleanTerminalOutput(new TextDecoder("utf-8").decode(bytes.subarray(start2)));
  const lines = text2.replace(/\n$/, "").split("\n");
  const tail = lines.slice(-maxLines).join("\n");
  if (tail === "") return "";
  return clipped ? "\u2026" + tail.replace(/^\uFFFD+/, "") : tail;
}
var EMPTY_LOG_TEXT = "(no output yet)";
var MISSING_LOG_TEXT = "(the log is gone)";
function formatDetail(view, maxBytes, lead = []) {
  const header = [
    ...lead,
    `state: ${stateText(view.state)}`,
    `elapsed: ${formatElapsed(view.elapsedMs)}`,
    `log: ${view.logPath}`
  ].join("\n");
  const stillWriting = view.state.kind === "running" || view.state.kind === "stopping";
  const emptyText2 = stillWriting ? EMPTY_LOG_TEXT : NO_OUTPUT_TEXT;
  const body = view.tail === null ? MISSING_LOG_TEXT : view.tail === "" ? emptyText2 : view.tail;
  const whole = `${header}
${body}`;
  if (utf8Bytes(whole) <= maxBytes) return whole;
  const lines = body.split("\n");
  const room = maxBytes - utf8Bytes(header) - 1;
  const markerFor = (left) => `[\u2026 ${left} earlier lines left out to stay under ${maxBytes} bytes]`;
  const kept = lastLinesWithin(lines, room, utf8Bytes(markerFor(lines.length)));
  if (kept.length === 0) {
    const marker = markerFor(lines.length - 1);
    const last = lines[lines.length - 1];
    const end = suffixWithinBytes(last, room - utf8Bytes(marker) - 1 - utf8Bytes("\u2026"));
    return prefixWithinBytes(`${header}
${marker}
\u2026${end}`, maxBytes);
  }
  return `${header}
${markerFor(lines.length - kept.length)}
${kept.join("\n")}`;
}
function notSignalledLead(id, state) {
  const done = state.kind === "stopped" ? "was already stopped" : `has already ${stateText(state)}`;
  return `${id} ${done}; no signal was sent`;
}
function endedFirstLead(id) {
  return `${id} ended before it could be signalled; no signal was sent`;
}
function signalledLead(id, processGroup, stopped, killDelaySeconds) {
  return stopped ? `sent SIGTERM to ${id} (process group ${processGroup}); it has stopped` : `sent SIGTERM to ${id} (process group ${processGroup}); SIGKILL follows in ${killDelaySeconds}s if it is still running`;
}
function knownIdsHint(numbers) {
  if (numbers.length === 0) return "there are no background commands";
  if (numbers.length === 1) return `the only one is b${numbers[0]}`;
  return `known ids: b${numbers[0]} to b${numbers[numbers.length - 1]}`;
}
var shellStatusErrors = {
  stopWithoutId: () => new ToolError("invalid_request", "shell_status: stop needs the id of the command to stop, such as b1"),
  invalidId: (id) => new ToolError("invalid_request", `shell_status: invalid id '${id.slice(0, QUOTED_NAME_MAX_CHARS)}': background ids look like b1, b2, \u2026`),
  noSuchJob: (id, knownIds) => new ToolError("not_found", `shell_status: no background command ${id} (${knownIdsHint(knownIds)})`),
  unusableRecord: (id, problem) => new ToolError("io", `shell_status: the record of ${id} cannot be used (${RECORD_PROBLEM_WORDS[problem ?? "unreadable"]}); nothing was done to it`)
};

// src/tools/shell_status/run.ts
function listJobs(context) {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const entries = [];
  for (const number3 of recordedJobNumbers(io, folder)) {
    const id = `b${number3}`;
    const files = readJobFiles(io, folder, id);
    if (files === null) continue;
    const status = jobStatus(io, folder, files, table);
    if (status === null) entries.push({ id, problem: files.problem ?? "unreadable" });
    else entries.push({ id, state: status.state, elapsedMs: status.elapsedMs, command: status.record.command });
  }
  return { text: formatList(entries, STATUS_COMMAND_MAX_CHARS, request.maxBytes), meta: { count: entries.length } };
}
function findJob(context, id, table) {
  const { io, request } = context;
  if (!BACKGROUND_ID_PATTERN.test(id)) {
    throw shellStatusErrors.invalidId(id);
  }
  const folder = backgroundFolder(io, request.agentId);
  const files = readJobFiles(io, folder, id);
  if (files === null) throw shellStatusErrors.noSuchJob(id, recordedJobNumbers(io, folder));
  const status = jobStatus(io, folder, files, table);
  if (status === null) throw shellStatusErrors.unusableRecord(id, files.problem);
  return status;
}
function readLogTail(io, logPath) {
  if (!isInside(logPath, runsFolder(io))) return null;
  let file;
  try {
    file = io.fs.openRead(logPath);
  } catch {
    return null;
  }
  try {
    const info = file.info();
    if (info.kind !== "file" || !isInside(file.realPath(), runsFolder(io))) return null;
    const length = Math.min(info.size, STATUS_LOG_TAIL_READ_MAX_BYTES);
    const start2 = info.size - length;
    const buffer = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const read = file.readAt(buffer.subarray(filled), length - filled, start2 + filled);
      if (read === 0) break;
      filled += read;
    }
    return logTail(buffer.subarray(0, filled), start2 === 0, STATUS_LOG_TAIL_LINES);
  } finally {
    file.close();
  }
}
function detail(context, status, lead = []) {
  const { io, request } = context;
  const { record: record2, state } = status;
  const tail = readLogTail(io, record2.log_path);
  return {
    text: formatDetail({ state, elapsedMs: status.elapsedMs, logPath: record2.log_path, tail }, request.maxBytes, lead),
    meta: {
      background_id: record2.id,
      state: stateText(state),
      log_path: record2.log_path,
      exit_code: status.files.exitCode
    }
  };
}
function stopJob(context, id) {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const before = findJob(context, id, table);
  const { record: record2 } = before;
  if (!before.alive || record2.pid === null || record2.start_ticks === null) {
    return detail(context, before, [notSignalledLead(id, before.state)]);
  }
  table.refresh();
  if (!table.jobAlive(record2, jobMarker(folder, id))) {
    const after2 = findJob(context, id, new ProcessTable(io));
    return detail(context, after2, [endedFirstLead(id)]);
  }
  io.background.createExclusive(stopPath(folder, id), new Date(io.now()).toISOString() + "\n");
  const marker = jobMarker(folder, id);
  for (const shell2 of table.shells(record2, marker)) io.background.signalProcess(shell2, "SIGTERM");
  io.background.signalGroup(record2.pid, "SIGTERM");
  io.background.signalMarked(marker, "SIGTERM");
  io.background.scheduleGroupKill(record2.pid, record2.start_ticks, STOP_KILL_DELAY_SECONDS, killedPath(folder, id), marker);
  const settleBy = io.now() + STOP_SETTLE_WAIT_MS;
  let after = findJob(context, id, new ProcessTable(io));
  while (after.alive && io.now() < settleBy) {
    io.background.sleep(STOP_SETTLE_POLL_MS);
    after = findJob(context, id, new ProcessTable(io));
  }
  return detail(context, after, [signalledLead(id, record2.pid, !after.alive, STOP_KILL_DELAY_SECONDS)]);
}
function shellStatus(context, args) {
  const { id, stop } = args;
  if (id === void 0) {
    if (stop) throw shellStatusErrors.stopWithoutId();
    return listJobs(context);
  }
  if (stop) return stopJob(context, id);
  return detail(context, findJob(context, id, new ProcessTable(context.io)));
}

// src/workspace/confine.ts
function homeAlias(context) {
  const named = context.io.env.HOME;
  if (named === void 0 || !named.startsWith("/") || named.includes("\0")) return null;
  const alias = normalizeAbsolute(named);
  return alias === context.io.home ? null : alias;
}
function shownWorkingDirectory(context, alias) {
  if (alias === null) return context.cwd;
  return resolveShownPath(".", context.cwd, context.io.home, alias, () => true);
}
function failure(code2, named) {
  return pathFailure(code2, named, LONG_PATH_SHOWN_CHARS);
}
function resolveInsideHome(context, input) {
  return resolveLooking(context, input).path;
}
function resolveLooking(context, input) {
  if (input.includes("\0")) throw pathHasNul();
  if (input === "") throw pathIsEmpty();
  const { io } = context;
  const alias = homeAlias(context);
  const cwd = shownWorkingDirectory(context, alias);
  const onTheWay = (folder) => isInside(io.home, folder) || alias !== null && isInside(alias, folder);
  const isFolderToFold = (folder) => isInside(folder, io.home) ? isRealFolder(context, folder) : onTheWay(folder);
  const lexical = resolveShownPath(input, cwd, io.home, alias, isFolderToFold);
  const display = relativePath(cwd, lexical);
  const named = input;
  const looked = { path: null, info: null };
  const walk = walkLookingInside(context, lexical, alias, named, looked);
  if ("outside" in walk) {
    if (input === "." && lexical === cwd && !isInside(context.cwd, io.home)) {
      throw workingDirectoryOutsideHome(context.cwd);
    }
    throw outsideHome(named);
  }
  if ("errorCode" in walk) throw failure(walk.errorCode, named);
  const real = walk.real;
  if (namesAFolder(input) && !isFolder2(context, real)) throw notAFolder(named);
  return { path: { lexical, display, named, real }, realInfo: looked.path === real ? looked.info : null };
}
function walkLookingInside(context, lexical, alias, named, looked) {
  const { fs } = context.io;
  const look = (path) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const info = fs.lstat(path);
        if (info === null) return { kind: "missing" };
        if (info.kind === "link") return { kind: "link", target: fs.readLink(path) };
        looked.path = path;
        looked.info = info;
        return { kind: info.kind === "folder" ? "folder" : "other" };
      } catch (error2) {
        const code2 = errorCode(error2);
        if (code2 === "EINVAL" && attempt < PATH_LOOK_MAX_ATTEMPTS) continue;
        throw failure(code2 === "EINVAL" ? "ENOENT" : code2, named);
      }
    }
  };
  return walkInsideHome(lexical, context.io.home, alias, look, PATH_LINKS_MAX_FOLLOWED);
}
function namesAFolder(input) {
  return input.endsWith("/") || input.endsWith("/.") || input.endsWith("/..");
}
function isFolder2(context, path) {
  try {
    return context.io.fs.stat(path)?.kind === "folder";
  } catch {
    return false;
  }
}
function isRealFolder(context, path) {
  try {
    return context.io.fs.lstat(path)?.kind === "folder";
  } catch {
    return false;
  }
}
function openInsideHome(context, path) {
  let file;
  try {
    file = context.io.fs.openRead(path.real);
  } catch (error2) {
    throw failure(errorCode(error2), path.named);
  }
  try {
    const real = file.realPath();
    if (!isInside(real, context.io.home)) throw outsideHome(path.named);
    return { file, real };
  } catch (error2) {
    file.close();
    throw error2;
  }
}
function openFileInsideHome(context, input) {
  const { path, realInfo } = resolveLooking(context, input);
  let before = realInfo;
  try {
    before ??= context.io.fs.stat(path.real);
  } catch (error2) {
    throw failure(errorCode(error2), path.named);
  }
  if (before && before.kind !== "file") {
    throw notARegularFile(path.named, kindWords(before.kind));
  }
  const { file, real } = openInsideHome(context, path);
  try {
    const info = file.info();
    if (info.kind !== "file") throw notARegularFile(path.named, kindWords(info.kind));
    return { file, path: { ...path, real }, info };
  } catch (error2) {
    file.close();
    throw error2;
  }
}

// src/tools/file_read/format.ts
function clipLine(text2, maxChars) {
  const total = codePointCount(text2);
  if (total <= maxChars) return { text: text2, cutChars: 0 };
  return { text: firstCodePoints(text2, maxChars), cutChars: total - maxChars };
}
function clipMarker(cutChars) {
  return cutChars > 0 ? `\u2026 [+${cutChars} chars]` : "";
}
function numberedLine(lineNumber, width, line) {
  return `${String(lineNumber).padStart(width)}	${line.text}${clipMarker(line.cutChars)}`;
}
function encodingNote(encoding) {
  return encoding === null ? "" : ` (${encoding})`;
}
function fileReadHeader(displayPath, first, last, totalLines, encoding = null) {
  return `${displayPath} \xB7 lines ${first}\u2013${last} of ${totalLines}${encodingNote(encoding)}`;
}
function stoppedLine(lastLine, maxBytes) {
  return `[stopped at line ${lastLine} to stay under ${maxBytes} bytes; continue with offset ${lastLine + 1}]`;
}
function binaryText(displayPath, sizeBytes) {
  return `${displayPath} is binary (${sizeBytes} bytes); not shown`;
}
function emptyText(displayPath, encoding = null) {
  return `${displayPath} is empty${encodingNote(encoding)}`;
}
function pastEndText(displayPath, totalLines, offset) {
  return `${displayPath} has ${totalLines} ${totalLines === 1 ? "line" : "lines"}; offset ${offset} is past the end`;
}
function shownBytes(displayPath, offset, lineBytes, count, totalLines, maxBytes, withStop, encoding) {
  const last = offset + count - 1;
  const width = String(last).length;
  let bytes = utf8Bytes(fileReadHeader(displayPath, offset, last, totalLines, encoding));
  for (let i = 0; i < count; i++) bytes += 1 + width + 1 + lineBytes[i];
  if (withStop) bytes += 1 + utf8Bytes(stoppedLine(last, maxBytes));
  return bytes;
}
function formatFileRead(displayPath, offset, lines, totalLines, maxBytes, encoding = null) {
  const lineBytes = lines.map((line) => utf8Bytes(line.text) + utf8Bytes(clipMarker(line.cutChars)));
  let count = lines.length;
  let stopped = false;
  if (shownBytes(displayPath, offset, lineBytes, count, totalLines, maxBytes, false, encoding) > maxBytes) {
    stopped = true;
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (shownBytes(displayPath, offset, lineBytes, mid, totalLines, maxBytes, true, encoding) <= maxBytes) low = mid;
      else high = mid - 1;
    }
    count = low;
  }
  if (count === 0) return firstLineSqueezed(displayPath, offset, lines, totalLines, maxBytes, encoding);
  const last = offset + count - 1;
  const width = String(last).length;
  const parts = [fileReadHeader(displayPath, offset, last, totalLines, encoding)];
  for (let i = 0; i < count; i++) parts.push(numberedLine(offset + i, width, lines[i]));
  if (stopped) parts.push(stoppedLine(last, maxBytes));
  return { text: parts.join("\n"), lastLine: last, stopped };
}
function firstLineSqueezed(displayPath, offset, lines, totalLines, maxBytes, encoding) {
  const first = lines[0];
  const more = lines.length > 1;
  const header = fileReadHeader(displayPath, offset, offset, totalLines, encoding);
  const prefix = `${offset}	`;
  const fullChars = codePointCount(first.text) + first.cutChars;
  const reserved = utf8Bytes(header) + 1 + utf8Bytes(prefix) + utf8Bytes(clipMarker(fullChars)) + (more ? 1 + utf8Bytes(stoppedLine(offset, maxBytes)) : 0);
  const kept = prefixWithinBytes(first.text, maxBytes - reserved);
  const line = { text: kept, cutChars: fullChars - codePointCount(kept) };
  const parts = [header, numberedLine(offset, String(offset).length, line)];
  if (more) parts.push(stoppedLine(offset, maxBytes));
  return { text: parts.join("\n"), lastLine: offset, stopped: more };
}

// src/text/sniff.ts
var NUL = 0;
function looksBinary(firstBytes) {
  return firstBytes.subarray(0, BINARY_SNIFF_BYTES).indexOf(NUL) !== -1;
}
var BinarySniffer = class {
  binary = false;
  sniffed = 0;
  feed(chunk) {
    if (this.sniffed >= BINARY_SNIFF_BYTES) return;
    const sample = chunk.subarray(0, BINARY_SNIFF_BYTES - this.sniffed);
    if (sample.indexOf(NUL) !== -1) this.binary = true;
    this.sniffed += sample.length;
  }
};

// src/text/utf16.ts
function utf16ByteOrder(firstBytes) {
  if (firstBytes.length < 2) return null;
  if (firstBytes[0] === 255 && firstBytes[1] === 254) {
    return firstBytes[2] === 0 && firstBytes[3] === 0 ? null : "UTF-16 LE";
  }
  if (firstBytes[0] === 254 && firstBytes[1] === 255) return "UTF-16 BE";
  return null;
}
var Utf16ToUtf8 = class {
  // The platform's decoder handles the surrogates; big-endian input is swapped into little-endian
  // first, since a Node built without full ICU decodes only `utf-16le`.
  decoder = new TextDecoder("utf-16le");
  bigEndian;
  heldByte = -1;
  constructor(byteOrder) {
    this.bigEndian = byteOrder === "UTF-16 BE";
  }
  transcode(piece) {
    return encodeUtf8(this.decoder.decode(this.evenBytes(piece), { stream: true }));
  }
  /** What is left at the end of the file. */
  finish() {
    const rest = this.decoder.decode(this.heldByte === -1 ? void 0 : Uint8Array.of(this.heldByte));
    this.heldByte = -1;
    return encodeUtf8(rest);
  }
  /** The held byte and the piece, cut to whole code units (the odd one held), little-endian. */
  evenBytes(piece) {
    if (piece.length === 0) return piece;
    const held = this.heldByte === -1 ? 0 : 1;
    const total = held + piece.length;
    const even = total - total % 2;
    if (held === 0 && !this.bigEndian && even === piece.length) return piece;
    const units = new Uint8Array(even);
    if (held === 1) units[0] = this.heldByte;
    units.set(piece.subarray(0, even - held), held);
    this.heldByte = total % 2 === 1 ? piece[piece.length - 1] : -1;
    if (this.bigEndian) {
      for (let i = 0; i < even; i += 2) {
        const high = units[i];
        units[i] = units[i + 1];
        units[i + 1] = high;
      }
    }
    return units;
  }
};

// src/tools/file_read/scan.ts
var NEWLINE7 = 10;
var CARRIAGE_RETURN2 = 13;
var sharedLineDecoder = new TextDecoder("utf-8");
var wholeLinesDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
var BYTE_ORDER_MARK = 65279;
var byteChars = new TextDecoder("latin1");
var StringLineEnds = class {
  stop = 0;
  text = "";
  load(piece) {
    this.text = byteChars.decode(piece);
  }
  count(from, max) {
    let found = 0;
    let at = from;
    while (found < max) {
      const newline = this.text.indexOf("\n", at);
      if (newline === -1) break;
      found++;
      at = newline + 1;
    }
    this.stop = at;
    return found;
  }
};
var LineCollector = class {
  constructor(maxChars, decoder5) {
    this.maxChars = maxChars;
    this.decoder = decoder5;
    this.decoder.decode();
  }
  maxChars;
  decoder;
  kept = "";
  keptChars = 0;
  extraChars = 0;
  heldCarriageReturn = false;
  feed(bytes) {
    if (bytes.length === 0) return;
    if (this.heldCarriageReturn) {
      this.heldCarriageReturn = false;
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN2), { stream: true }));
    }
    if (bytes[bytes.length - 1] === CARRIAGE_RETURN2) {
      this.heldCarriageReturn = true;
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    this.take(this.decoder.decode(bytes, { stream: true }));
  }
  /** The line ended: at a \n (a held \r is its CRLF and is dropped) or at the end of the file. */
  finish(atNewline) {
    if (this.heldCarriageReturn && !atNewline) {
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN2), { stream: true }));
    }
    this.take(this.decoder.decode());
    if (this.extraChars === 0 && this.keptChars <= this.maxChars) return { text: this.kept, cutChars: 0 };
    const clipped = clipLine(this.kept, this.maxChars);
    return { text: clipped.text, cutChars: clipped.cutChars + this.extraChars };
  }
  take(text2) {
    if (text2 === "") return;
    if (this.keptChars > this.maxChars) {
      this.extraChars += codePointCount(text2);
      return;
    }
    this.kept += text2;
    this.keptChars += codePointCount(text2);
  }
};
var FileScanner = class {
  /** `lineDecoder`: a decoder of its own, for a scanner that runs beside another (MarkedFileScanner). */
  constructor(offset, limit, lineMaxChars, lineDecoder = sharedLineDecoder, lineEnds = new StringLineEnds()) {
    this.offset = offset;
    this.lineMaxChars = lineMaxChars;
    this.lineDecoder = lineDecoder;
    this.lineEnds = lineEnds;
    this.lastWanted = offset + limit - 1;
  }
  offset;
  lineMaxChars;
  lineDecoder;
  lineEnds;
  lastWanted;
  lines = [];
  sniffer = new BinarySniffer();
  lineNumber = 1;
  /** A wanted line that began in an earlier piece and has not ended yet. */
  collector = null;
  totalBytes = 0;
  lastByte = -1;
  feed(chunk) {
    if (chunk.length === 0) return;
    this.sniffer.feed(chunk);
    const binary = this.sniffer.binary;
    this.totalBytes += chunk.length;
    this.lastByte = chunk[chunk.length - 1];
    let start2 = 0;
    if (this.collector !== null) {
      const newline = chunk.indexOf(NEWLINE7);
      if (newline === -1) {
        if (!binary) this.collector.feed(chunk);
        return;
      }
      if (!binary) {
        this.collector.feed(chunk.subarray(0, newline));
        this.lines.push(this.collector.finish(true));
      }
      this.collector = null;
      this.lineNumber++;
      start2 = newline + 1;
    }
    const lineEnds = this.lineEnds;
    lineEnds.load(chunk);
    let lineNumber = this.lineNumber;
    if (lineNumber < this.offset) {
      const skipped = this.offset - lineNumber;
      const found = lineEnds.count(start2, skipped);
      lineNumber += found;
      start2 = lineEnds.stop;
      if (found < skipped) {
        this.lineNumber = lineNumber;
        return;
      }
    }
    const firstWhole = start2;
    if (lineNumber <= this.lastWanted) {
      lineNumber += lineEnds.count(start2, this.lastWanted - lineNumber + 1);
      start2 = lineEnds.stop;
    }
    if (start2 > firstWhole && !binary) this.takeWholeLines(chunk.subarray(firstWhole, start2));
    if (lineNumber <= this.lastWanted) {
      this.lineNumber = lineNumber;
      if (start2 < chunk.length) {
        this.collector = new LineCollector(this.lineMaxChars, this.lineDecoder);
        if (!binary) this.collector.feed(chunk.subarray(start2));
      }
      return;
    }
    this.lineNumber = lineNumber + lineEnds.count(start2, Infinity);
  }
  /** Whole lines, each ended by its \n: one decode for all of them, where one per line cost thousands of instructions each. */
  takeWholeLines(bytes) {
    const texts = wholeLinesDecoder.decode(bytes).split("\n");
    for (let i = 0; i < texts.length - 1; i++) {
      let text2 = texts[i];
      if (text2.charCodeAt(0) === BYTE_ORDER_MARK) text2 = text2.slice(1);
      if (text2.charCodeAt(text2.length - 1) === CARRIAGE_RETURN2) text2 = text2.slice(0, -1);
      this.lines.push(text2.length <= this.lineMaxChars ? { text: text2, cutChars: 0 } : clipLine(text2, this.lineMaxChars));
    }
  }
  finish() {
    const binary = this.sniffer.binary;
    const endsWithNewline = this.lastByte === NEWLINE7;
    if (this.collector && !binary && !endsWithNewline) this.lines.push(this.collector.finish(false));
    const totalLines = this.totalBytes === 0 ? 0 : endsWithNewline ? this.lineNumber - 1 : this.lineNumber;
    return { totalBytes: this.totalBytes, totalLines, binary, lines: binary ? [] : this.lines, encoding: null };
  }
};
var Utf16FileScanner = class {
  constructor(byteOrder, offset, limit, lineMaxChars) {
    this.byteOrder = byteOrder;
    this.transcoder = new Utf16ToUtf8(byteOrder);
    this.inner = new FileScanner(offset, limit, lineMaxChars);
  }
  byteOrder;
  transcoder;
  inner;
  totalBytes = 0;
  feed(chunk) {
    this.totalBytes += chunk.length;
    this.inner.feed(this.transcoder.transcode(chunk));
  }
  finish() {
    this.inner.feed(this.transcoder.finish());
    return { ...this.inner.finish(), totalBytes: this.totalBytes, encoding: this.byteOrder };
  }
};
var MarkedFileScanner = class {
  utf16;
  utf8;
  constructor(byteOrder, offset, limit, lineMaxChars) {
    this.utf16 = new Utf16FileScanner(byteOrder, offset, limit, lineMaxChars);
    this.utf8 = new FileScanner(offset, limit, lineMaxChars, new TextDecoder("utf-8"));
  }
  feed(chunk) {
    this.utf16.feed(chunk);
    this.utf8.feed(chunk);
  }
  finish() {
    const utf83 = this.utf8.finish();
    return utf83.totalBytes % 2 === 1 ? utf83 : this.utf16.finish();
  }
};
var BYTE_ORDER_MARK_SNIFF_BYTES = 4;
var FileScannerByMark = class {
  /** `lineEnds`: the counter for a UTF-8 file's pieces (a UTF-16 one's scanners make their own). */
  constructor(offset, limit, lineMaxChars, lineEnds = new StringLineEnds()) {
    this.offset = offset;
    this.limit = limit;
    this.lineMaxChars = lineMaxChars;
    this.lineEnds = lineEnds;
  }
  offset;
  limit;
  lineMaxChars;
  lineEnds;
  scanner = null;
  // The first bytes, copied: the run step reuses its read buffer.
  head = new Uint8Array(0);
  feed(chunk) {
    if (this.scanner !== null) {
      this.scanner.feed(chunk);
      return;
    }
    if (chunk.length === 0) return;
    const head = this.head.length > 0 ? joinBytes(this.head, chunk) : chunk;
    if (head.length < BYTE_ORDER_MARK_SNIFF_BYTES) {
      this.head = head === chunk ? copyBytes(chunk) : head;
      return;
    }
    this.choose(head).feed(head);
  }
  finish() {
    if (this.scanner === null) {
      const head = this.head;
      this.choose(head).feed(head);
    }
    return this.scanner.finish();
  }
  choose(firstBytes) {
    const byteOrder = utf16ByteOrder(firstBytes);
    this.scanner = byteOrder === null ? new FileScanner(this.offset, this.limit, this.lineMaxChars, sharedLineDecoder, this.lineEnds) : new MarkedFileScanner(byteOrder, this.offset, this.limit, this.lineMaxChars);
    this.head = new Uint8Array(0);
    return this.scanner;
  }
};
function readBufferBytes(sizeBytes, minBytes, maxBytes) {
  return Math.min(maxBytes, Math.max(minBytes, sizeBytes + 1));
}

// src/tools/file_read/run.ts
var sharedLineEnds;
function lineEndCounter() {
  if (sharedLineEnds !== void 0) return sharedLineEnds;
  try {
    sharedLineEnds = new WasmLineEnds();
  } catch {
    sharedLineEnds = new StringLineEnds();
  }
  return sharedLineEnds;
}
function readFile(context, file, sizeBytes, args) {
  const hasher = context.io.sha256(sizeBytes);
  const scanner = new FileScannerByMark(args.offset, args.limit, FILE_READ_LINE_MAX_CHARS, lineEndCounter());
  const buffer = new Uint8Array(readBufferBytes(sizeBytes, READ_CHUNK_MIN_BYTES, READ_CHUNK_BYTES));
  let total = 0;
  for (; ; ) {
    const read = file.read(buffer);
    if (read === 0) break;
    const chunk = buffer.subarray(0, read);
    hasher.update(chunk);
    scanner.feed(chunk);
    total += read;
    if (readReachedEnd(sizeBytes, total, read, buffer.length)) break;
  }
  return { ...scanner.finish(), hash: hasher.hexDigest() };
}
function fileRead(context, args) {
  const { maxBytes } = context.request;
  const { offset } = args;
  const { file, path, info } = openFileInsideHome(context, args.path);
  let scan;
  try {
    scan = readFile(context, file, info.size, args);
  } finally {
    file.close();
  }
  const meta2 = {
    path: path.real,
    range: null,
    content_hash: scan.hash,
    lines: scan.totalLines,
    display_path: path.display
  };
  if (scan.encoding !== null) meta2.encoding = scan.encoding;
  if (scan.binary) return { text: binaryText(path.display, scan.totalBytes), meta: meta2 };
  if (scan.totalLines === 0) return { text: emptyText(path.display, scan.encoding), meta: meta2 };
  if (offset > scan.totalLines) return { text: pastEndText(path.display, scan.totalLines, offset), meta: meta2 };
  const shaped = formatFileRead(path.display, offset, scan.lines, scan.totalLines, maxBytes, scan.encoding);
  meta2.range = [offset, shaped.lastLine];
  return { text: shaped.text, meta: meta2 };
}

// src/tools/code_search/bytes.ts
var utf82 = new TextDecoder("utf-8");
function decode(bytes) {
  return utf82.decode(bytes);
}
var nativeLatin1 = typeof Buffer === "function" ? (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1") : void 0;
var LATIN1_PIECE_BYTES = 8192;
function byteString(bytes) {
  if (nativeLatin1) return nativeLatin1(bytes);
  let text2 = "";
  for (let at = 0; at < bytes.length; at += LATIN1_PIECE_BYTES) {
    text2 += String.fromCharCode(...bytes.subarray(at, at + LATIN1_PIECE_BYTES));
  }
  return text2;
}
var OTHER_THAN_CONTINUATION_BYTES = /[^\x80-\xbf]+/g;
function codePointsIn(bytes) {
  return bytes.length - byteString(bytes).replace(OTHER_THAN_CONTINUATION_BYTES, "").length;
}
function sameBytes(a, b, start2, end) {
  if (a.length !== end - start2) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[start2 + i]) return false;
  return true;
}
var BoundedBytes = class {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }
  maxBytes;
  parts = [];
  length = 0;
  push(bytes) {
    const room = this.maxBytes - this.length;
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
    if (kept.length === 0) return;
    this.parts.push(copyBytes(kept));
    this.length += kept.length;
  }
  bytes() {
    if (this.parts.length === 1) return this.parts[0];
    const joined = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }
  clear() {
    this.parts = [];
    this.length = 0;
  }
};
function startsWithUtf16Mark(bytes) {
  const [first, second] = bytes;
  return first === 255 && second === 254 || first === 254 && second === 255;
}

// src/tools/code_search/format.ts
function totalsLine(totals) {
  const matches = `${totals.matches} ${totals.matches === 1 ? "match" : "matches"}`;
  return `${matches} in ${totals.files} ${totals.files === 1 ? "file" : "files"}`;
}
function echoedInput(input, maxChars) {
  return codePointCount(input) <= maxChars ? input : `${firstCodePoints(input, maxChars)}\u2026`;
}
function noMatchText(pattern2, displayPath, patternMaxChars) {
  return `no matches for '${echoedInput(pattern2, patternMaxChars)}' in ${displayPath}`;
}
function ignoredLine(ignored) {
  const matches = `${ignored.matches} more ${ignored.matches === 1 ? "match" : "matches"}`;
  const files = `${ignored.files} ${ignored.files === 1 ? "file" : "files"}`;
  return `(${matches} in ${files} ignored by .gitignore or .ignore, e.g. ${ignored.example}; search them with path: ${JSON.stringify(ignored.searchPath)})`;
}
function stoppedText(timeoutSeconds) {
  return `[the search was stopped after ${timeoutSeconds} s; these are the matches found until then]`;
}
function interruptedText(signal) {
  return `[the search was interrupted (${signal}); these are the matches found until then]`;
}
function byteCapLine(leftOut, maxBytes) {
  return `[\u2026 ${leftOut} more ${leftOut === 1 ? "line" : "lines"} left out to stay under ${maxBytes} bytes]`;
}
function clipSearchLine(view, maxChars, leadChars) {
  if (view.totalChars <= maxChars) return view.text;
  const match = view.matchChar;
  const start2 = match === null || match <= maxChars - leadChars ? 0 : Math.max(0, Math.min(match - leadChars, view.totalChars - maxChars));
  const skip = start2 - view.startChar;
  const shown = firstCodePoints(skip > 0 ? view.text.slice(codeUnitsOf(view.text, skip)) : view.text, maxChars);
  const cutBefore = start2 > 0 ? "\u2026" : "";
  const cutAfter = start2 + maxChars < view.totalChars ? "\u2026" : "";
  return `${cutBefore}${shown}${cutAfter} [+${view.totalChars - maxChars} chars]`;
}
function codeUnitsOf(text2, chars) {
  return firstCodePoints(text2, chars).length;
}
function shownPath(path) {
  return NEEDS_QUOTING.test(path) ? JSON.stringify(path) : path;
}
var NEEDS_QUOTING = /[\x00-\x1f\x7f"\\]/;
function fileCountLine(entry) {
  return `${entry.path}: ${entry.count}`;
}
function binaryNoteText(note2) {
  return `${note2.path}: [binary from about byte ${note2.binaryAt} (a NUL byte); not searched past it]`;
}
function binaryFilesLine(matches, files) {
  const matchWords = `${matches} ${matches === 1 ? "match" : "matches"}`;
  const fileWords = files === 1 ? "1 binary file" : `${files} binary files`;
  const their = files === 1 ? "its" : "their";
  return `\u2026 ${matchWords} in ${fileWords} not listed (ripgrep stopped reading at a NUL byte part-way; mode "content" shows ${their} lines before it)`;
}
function contentLineText(line) {
  const mark = line.isMatch ? ":" : "-";
  return `${line.path}${mark}${line.lineNumber}${mark} ${line.text}`;
}
function contentEntries(entries, withGroups) {
  let previous = null;
  return entries.map((entry) => {
    if ("binaryAt" in entry) return binaryNoteText(entry);
    const newGroup = withGroups && previous !== null && (previous.path !== entry.path || previous.lineNumber + 1 !== entry.lineNumber);
    previous = entry;
    return (newGroup ? "--\n" : "") + contentLineText(entry);
  });
}
function fitSearchResult(entries, moreLeftOut, moreLine, trailers, maxBytes) {
  const trailerBytes = trailers.reduce((sum, line) => sum + 1 + utf8Bytes(line), 0);
  const entryBytes2 = entries.map((entry) => utf8Bytes(entry) + 1);
  const allEntries = entryBytes2.reduce((sum, bytes) => sum + bytes, 0);
  const moreText = moreLeftOut > 0 ? moreLine(moreLeftOut) : null;
  const full = allEntries + (moreText === null ? 0 : utf8Bytes(moreText) + 1) + trailerBytes - 1;
  if (full <= maxBytes) {
    const parts = [...entries];
    if (moreText !== null) parts.push(moreText);
    return { text: [...parts, ...trailers].join("\n"), cut: false };
  }
  let kept = entries.length;
  let keptBytes = allEntries;
  for (; ; ) {
    kept--;
    keptBytes -= entryBytes2[kept];
    const capLine = byteCapLine(entries.length - kept + moreLeftOut, maxBytes);
    if (kept === 0 || keptBytes + utf8Bytes(capLine) + trailerBytes <= maxBytes) {
      const shown = entries.slice(0, kept);
      return { text: [...shown, capLine, ...trailers].join("\n"), cut: true };
    }
  }
}
function formatFilesResult(shown, moreFiles, totals, maxBytes, stoppedLine2, binaryFiles = null) {
  const trailers = [totalsLine(totals)];
  if (stoppedLine2 !== null) trailers.unshift(stoppedLine2);
  if (binaryFiles !== null && binaryFiles.files > 0) trailers.unshift(binaryFilesLine(binaryFiles.matches, binaryFiles.files));
  return fitSearchResult(
    shown.map(fileCountLine),
    moreFiles,
    (count) => `\u2026 ${count} more ${count === 1 ? "file" : "files"}`,
    trailers,
    maxBytes
  );
}
function formatContentResult(shown, moreLines, totals, withGroups, maxBytes, stoppedLine2) {
  const trailers = stoppedLine2 === null ? [totalsLine(totals)] : [stoppedLine2, totalsLine(totals)];
  return fitSearchResult(
    contentEntries(shown, withGroups),
    moreLines,
    (count) => `\u2026 ${count} more ${count === 1 ? "line" : "lines"}`,
    trailers,
    maxBytes
  );
}
function nulInInputText(input) {
  return `the ${input} contains a NUL byte`;
}
function notSearchableText(named, kindWords2) {
  return `${named} is ${kindWords2}; code_search takes a file or a folder`;
}
function changedWhileOpenedText(named) {
  return `${named} changed while it was opened; code_search takes a file or a folder`;
}
function binaryFileText(display) {
  return `${display} is binary; not searched`;
}
function ripgrepFailureText(missing) {
  switch (missing.code) {
    case "RG_CONFIGURED_NOT_EXECUTABLE":
      return `ripgrep not found: GUILDS_RG=${missing.configured} is not an executable file (an absolute path)`;
    case "RG_NOT_FOUND":
      return `ripgrep not found: GUILDS_RG is not set, there is no rg on PATH, and no node_modules/${missing.packageName}/bin/rg in ${missing.searchedFrom} or above it`;
    case "RG_CANNOT_START":
      return `cannot run ripgrep (${missing.binary}): ${missing.cause}`;
  }
}
var REGEX_ERROR_HINT = " (the pattern is a regular expression; set fixed: true to search for it as plain text)";
function ripgrepReason(stderr) {
  const lines = stderr.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  if (lines.length === 0) return "ripgrep failed without saying why";
  const first = lines[0].replace(/^rg: /, "").replace(/:$/, "");
  const reason = lines.find((line, index) => index > 0 && line.startsWith("error: "));
  return reason ? `${first}: ${reason.slice("error: ".length)}` : first;
}
function clipEchoedInputs(reason, inputs, echoMaxChars) {
  let clipped = reason;
  for (const input of inputs) {
    if (input === null || !clipped.includes(input)) continue;
    const shown = echoedInput(input, echoMaxChars);
    if (shown !== input) clipped = clipped.split(input).join(shown);
  }
  return clipped;
}
function ripgrepRefusalText(stderr, pattern2, glob, fixed, echoMaxChars) {
  const reason = clipEchoedInputs(ripgrepReason(stderr), [pattern2, glob], echoMaxChars);
  const hint = reason.startsWith("regex parse error") && !fixed ? REGEX_ERROR_HINT : "";
  return `ripgrep: ${reason}${hint}`;
}
var codeSearchErrors = {
  nulInInput: (input) => new ToolError("invalid_pattern", nulInInputText(input)),
  notSearchable: (named, kindWords2) => new ToolError("not_a_file", notSearchableText(named, kindWords2)),
  changedWhileOpened: (named) => new ToolError("not_a_file", changedWhileOpenedText(named)),
  ripgrepUnavailable: (failure3) => new ToolError("unavailable", ripgrepFailureText(failure3)),
  /** Exit 2 with a reason is a refusal of the pattern or the glob; any other exit ripgrep's own fault. */
  ripgrepRefused: (exitCode, stderr, pattern2, glob, fixed, echoMaxChars) => new ToolError(exitCode === 2 ? "invalid_pattern" : "internal", ripgrepRefusalText(stderr, pattern2, glob, fixed, echoMaxChars))
};

// src/tools/code_search/line-text.ts
var CARRIAGE_RETURN3 = 13;
var LineText = class {
  /** `matchByte`: the byte offset of the first match in the line, null for a context line. */
  constructor(matchByte, limits) {
    this.matchByte = matchByte;
    this.limits = limits;
    this.keepBytes = limits.maxChars * 4;
    this.head = new BoundedBytes(this.keepBytes);
    this.windowStart = matchByte === null ? 0 : Math.max(0, matchByte - this.keepBytes);
    const windowNeeded = matchByte !== null && matchByte > limits.maxChars - limits.leadChars;
    this.window = windowNeeded ? new BoundedBytes(2 * this.keepBytes) : null;
  }
  matchByte;
  limits;
  head;
  window;
  windowStart;
  // A code point takes at most 4 bytes: this many bytes always hold the characters a clipped line shows.
  keepBytes;
  offset = 0;
  chars = 0;
  charsBeforeMatch = 0;
  lastByte = -1;
  feed(bytes) {
    const start2 = this.offset;
    const end = start2 + bytes.length;
    if (start2 < this.keepBytes) this.head.push(bytes.subarray(0, this.keepBytes - start2));
    if (this.window !== null && end > this.windowStart) {
      this.window.push(bytes.subarray(Math.max(0, this.windowStart - start2)));
    }
    this.chars += codePointsIn(bytes);
    if (this.matchByte !== null && start2 < this.matchByte) {
      this.charsBeforeMatch += codePointsIn(bytes.subarray(0, Math.min(bytes.length, this.matchByte - start2)));
    }
    this.offset = end;
    if (bytes.length > 0) this.lastByte = bytes[bytes.length - 1];
  }
  view() {
    const { maxChars, leadChars } = this.limits;
    const carriageReturn = this.lastByte === CARRIAGE_RETURN3;
    const totalChars = this.chars - (carriageReturn ? 1 : 0);
    const matchChar = this.matchByte === null ? null : this.charsBeforeMatch;
    const useWindow = this.window !== null && matchChar !== null && totalChars > maxChars && matchChar > maxChars - leadChars;
    if (!useWindow) {
      let text2 = decode(this.head.bytes());
      if (carriageReturn && this.offset <= this.keepBytes) text2 = text2.slice(0, -1);
      return { text: text2, startChar: 0, totalChars, matchChar };
    }
    let bytes = this.window.bytes();
    let skipped = 0;
    while (skipped < bytes.length && isContinuationByte(bytes[skipped])) skipped++;
    bytes = bytes.subarray(skipped);
    const charsBeforeInWindow = codePointsIn(bytes.subarray(0, this.matchByte - this.windowStart - skipped));
    return { text: decode(bytes), startChar: matchChar - charsBeforeInWindow, totalChars, matchChar };
  }
};

// src/tools/code_search/rg-count-output.ts
var NEWLINE8 = 10;
var NUL2 = 0;
var DIGIT_0 = 48;
var CountOutputReader = class {
  constructor(events, shortLineMaxBytes) {
    this.events = events;
    this.held = new BoundedBytes(shortLineMaxBytes);
  }
  events;
  held;
  feed(given) {
    const chunk = given.constructor === Uint8Array ? given : new Uint8Array(given.buffer, given.byteOffset, given.length);
    const length = chunk.length;
    let start2 = this.held.length > 0 ? this.joinHeld(chunk) : 0;
    while (start2 < length) {
      const nul = chunk.indexOf(NUL2, start2);
      if (nul === -1) break;
      const newline = chunk.indexOf(NEWLINE8, nul);
      if (newline === -1) break;
      this.events.countedFile(chunk, start2, nul, countAfter(chunk, nul, newline));
      start2 = newline + 1;
    }
    if (start2 < length) this.held.push(chunk.subarray(start2));
  }
  /** The lines after the last record: ripgrep's stats, or the start of a record cut off by a kill. */
  finish() {
    const rest = this.held.bytes();
    this.held.clear();
    return rest.indexOf(NUL2) === -1 ? decode(rest).split("\n") : [];
  }
  /** Ends the record begun in the last chunk; returns where this chunk's own records start. */
  joinHeld(chunk) {
    const heldNul = this.held.bytes().indexOf(NUL2);
    const nul = heldNul === -1 ? chunk.indexOf(NUL2) : 0;
    const newline = nul === -1 ? -1 : chunk.indexOf(NEWLINE8, nul);
    if (newline === -1) {
      this.held.push(chunk);
      return chunk.length;
    }
    const record2 = joinBytes(this.held.bytes(), chunk.subarray(0, newline));
    this.held.clear();
    const recordNul = record2.indexOf(NUL2);
    this.events.countedFile(record2, 0, recordNul, countAfter(record2, recordNul, record2.length));
    return newline + 1;
  }
};
function countAfter(bytes, nul, end) {
  let count = 0;
  for (let i = nul + 1; i < end; i++) count = count * 10 + (bytes[i] - DIGIT_0);
  return count;
}

// src/tools/code_search/rg-output.ts
var NEWLINE9 = 10;
var NUL3 = 0;
var DIGIT_02 = 48;
var DIGIT_9 = 57;
var COLON = 58;
var PATH = String.raw`[^\0]*`;
var NUMBER = String.raw`\d*`;
var matchMark = (column) => String.raw`:${column}[^\d\n]`;
var CONTEXT_MARK = "-";
var REST_OF_LINE = String.raw`[^\n]*\n`;
var HEADER = new RegExp(`${PATH}\\0${NUMBER}(?:${matchMark(NUMBER)}|${CONTEXT_MARK})`, "y");
var MATCH_AFTER_PATH = `${NUMBER}${matchMark(NUMBER)}${REST_OF_LINE}`;
var RESULT_AFTER_PATH = `${NUMBER}(?:${matchMark(NUMBER)}|${CONTEXT_MARK})${REST_OF_LINE}`;
var MATCH_RUN = new RegExp(`(${PATH}\\0)${MATCH_AFTER_PATH}(?:\\1${MATCH_AFTER_PATH})*`, "y");
var RESULT_RUN = new RegExp(`(${PATH}\\0)${RESULT_AFTER_PATH}(?:\\1${RESULT_AFTER_PATH})*`, "y");
var LINE_END_EVERYWHERE = /\n/g;
var BINARY_NOTICE = /^: (?:WARNING: stopped searching binary file after match|binary file matches) \(found "\\0" byte around offset (\d+)\)$/;
var NEWLINE_BYTES = new Uint8Array([10]);
var MATCH_HEADER_EVERYWHERE = new RegExp(`^${PATH}\\0${NUMBER}:`, "gm");
function isDigit(byte) {
  return byte !== void 0 && byte >= DIGIT_02 && byte <= DIGIT_9;
}
function countResultRun(text2, start2, withContext) {
  const nul = text2.indexOf("\0", start2);
  if (nul === -1 || text2.lastIndexOf("\n", nul) >= start2) return null;
  const run = withContext ? RESULT_RUN : MATCH_RUN;
  run.lastIndex = start2;
  if (!run.test(text2)) return null;
  const end = run.lastIndex;
  const lines = text2.slice(start2, end);
  const count = lines.match(LINE_END_EVERYWHERE).length;
  const matchedLines = withContext ? lines.match(MATCH_HEADER_EVERYWHERE)?.length ?? 0 : count;
  return { end, lines: count, matchedLines };
}
var ContentOutputReader = class {
  constructor(events, options) {
    this.events = events;
    this.header = new BoundedBytes(options.shortLineMaxBytes);
    this.withContext = options.withContext;
    this.fastCount = options.fastCount !== false;
  }
  events;
  header;
  state = "header";
  pathBytes = null;
  /** The current file's lines counted by the fast path so far, handed on when the file ends. */
  counted = 0;
  countedMatched = 0;
  withContext;
  fastCount;
  chunkText = null;
  feed(given) {
    const chunk = given.constructor === Uint8Array ? given : new Uint8Array(given.buffer, given.byteOffset, given.length);
    const length = chunk.length;
    this.chunkText = null;
    let start2 = 0;
    while (start2 < length) {
      if (this.fastCount && this.state === "header" && this.header.length === 0) {
        start2 = this.countClosedRun(chunk, start2);
        if (start2 === length) return;
      }
      const newline = chunk.indexOf(NEWLINE9, start2);
      const end = newline === -1 ? length : newline;
      if (end > start2) this.piece(chunk, start2, end);
      if (newline === -1) return;
      this.lineEnd();
      start2 = newline + 1;
    }
  }
  /** Call once ripgrep is done (a line cut off by a kill is dropped). */
  finish() {
    const rest = this.state === "header" ? this.header.bytes() : new Uint8Array(0);
    if (rest.length > 0 && rest.indexOf(NUL3) === -1) {
      const lines = decode(rest).split("\n");
      if (lines[lines.length - 1] === "") lines.pop();
      for (const line of lines) this.events.otherLine(line);
    }
    this.state = "header";
    this.header.clear();
    if (this.pathBytes !== null) this.endFile(null);
    this.pathBytes = null;
  }
  endFile(next) {
    const { counted, countedMatched } = this;
    this.counted = 0;
    this.countedMatched = 0;
    this.events.nextFile(next, counted, countedMatched);
  }
  textOf(chunk) {
    this.chunkText ??= byteString(chunk);
    return this.chunkText;
  }
  /**
   * At a line start after a closed file's line: when the line is a result line of that file, counts
   * it and the lines of that file after it; returns where the first line it did not count starts.
   * (A file's first line is read whole, as the collector decides there whether to close it.)
   */
  countClosedRun(chunk, start2) {
    const path = this.pathBytes;
    if (path === null || !this.events.fileClosed) return start2;
    const pathEnd = start2 + path.length;
    if (pathEnd >= chunk.length || chunk[pathEnd] !== NUL3 || !sameBytes(path, chunk, start2, pathEnd)) return start2;
    const counted = countResultRun(this.textOf(chunk), start2, this.withContext);
    if (counted === null) return start2;
    this.counted += counted.lines;
    this.countedMatched += counted.matchedLines;
    return counted.end;
  }
  piece(chunk, start2, end) {
    if (this.state === "text") this.events.text(chunk.subarray(start2, end));
    else if (this.state === "header") {
      let bytes = chunk;
      let text2;
      if (this.header.length > 0) {
        bytes = joinBytes(this.header.bytes(), chunk.subarray(start2, end));
        start2 = 0;
        end = bytes.length;
        this.header.clear();
        text2 = byteString(bytes);
      } else text2 = this.textOf(chunk);
      const textStart = this.readHeader(bytes, text2, start2, end);
      if (textStart === -1) this.header.push(bytes.subarray(start2, end));
      else if (this.wantsText() && textStart < end) this.events.text(bytes.subarray(textStart, end));
    }
  }
  wantsText() {
    return this.state === "text";
  }
  /**
   * A line end where no header has been read yet: the line is ripgrep's binary notice for the current
   * file, or a line of a path that goes on up to its NUL, or a stats line (finish sorts those out).
   * One that holds a NUL can be no part of a path: it is no result line, and is reported as such.
   */
  lineEnd() {
    if (this.state === "header") {
      const line = this.header.bytes();
      if (line.indexOf(NUL3) !== -1) {
        this.header.clear();
        this.events.otherLine(decode(line));
      } else if (this.isBinaryNotice(line)) this.header.clear();
      else this.header.push(NEWLINE_BYTES);
    } else if (this.state === "text") this.events.textEnd();
    this.state = "header";
  }
  isBinaryNotice(line) {
    const path = this.pathBytes;
    if (path === null || line.length <= path.length || line.indexOf(NEWLINE9) !== -1) return false;
    if (!sameBytes(path, line, 0, path.length)) return false;
    const notice = BINARY_NOTICE.exec(byteString(line.subarray(path.length)));
    if (notice === null) return false;
    this.events.binaryStop(Number(notice[1]));
    return true;
  }
  /**
   * Reads the header at `start` (`end` is the piece's end, a line end or the end of `text`) and
   * starts its line; the offset where its text starts, or -1 while there is no whole header up to
   * `end` (not yet: its path goes on past a line end or into the next chunk; or never: a stats line). The grammar decides; once it has,
   * the fields are read where it put them: the path up to the first NUL, the line number, a match's column.
   */
  readHeader(bytes, text2, start2, end) {
    HEADER.lastIndex = start2;
    if (!HEADER.test(text2)) return -1;
    const textStart = HEADER.lastIndex;
    if (textStart > end) return -1;
    const nul = bytes.indexOf(NUL3, start2);
    let at = nul + 1;
    let lineNumber = 0;
    while (isDigit(bytes[at])) lineNumber = lineNumber * 10 + bytes[at++] - DIGIT_02;
    let matchByte = null;
    if (bytes[at++] === COLON) {
      let column = 0;
      while (isDigit(bytes[at])) column = column * 10 + bytes[at++] - DIGIT_02;
      matchByte = column - 1;
    }
    if (this.pathBytes === null || !sameBytes(this.pathBytes, bytes, start2, nul)) {
      this.pathBytes = copyBytes(bytes.subarray(start2, nul));
      this.endFile(decode(this.pathBytes));
    }
    this.state = this.events.resultLine(lineNumber, matchByte) ? "text" : "skip";
    return textStart;
  }
};
function parseStats(lines) {
  let matches = null;
  let files = null;
  for (const line of lines) {
    const matchCount = /^(\d+) matches$/.exec(line);
    if (matchCount) matches = Number(matchCount[1]);
    const fileCount = /^(\d+) files contained matches$/.exec(line);
    if (fileCount) files = Number(fileCount[1]);
  }
  return matches === null || files === null ? null : { matches, files };
}

// src/tools/code_search/collect.ts
var FILE_COUNT_DEFAULTS = { shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES };
var FileCountCollector = class {
  reader;
  limit;
  shown = [];
  /** Of the files ripgrep printed a count for. */
  matches = 0;
  files = 0;
  statsLines = [];
  finished = false;
  constructor(given) {
    const limits = { ...FILE_COUNT_DEFAULTS, ...given };
    this.limit = limits.files;
    this.reader = new CountOutputReader(this, limits.shortLineMaxBytes);
  }
  feed(chunk) {
    this.reader.feed(chunk);
  }
  /** Call once ripgrep is done (again: no change). */
  finish() {
    if (this.finished) return;
    this.finished = true;
    this.statsLines = this.reader.finish();
  }
  /** ripgrep's own totals from --stats, when it lived to print them. */
  stats() {
    return parseStats(this.statsLines);
  }
  countedFile(bytes, start2, nul, count) {
    this.matches += count;
    this.files++;
    const last = this.shown[this.shown.length - 1];
    if (this.shown.length === this.limit && last && count < last.count) return;
    const entry = { rgPath: decode(bytes.subarray(start2, nul)), count };
    let at = this.shown.length;
    while (at > 0 && ranksBefore(entry, this.shown[at - 1])) at--;
    if (at >= this.limit) return;
    this.shown.splice(at, 0, entry);
    if (this.shown.length > this.limit) this.shown.pop();
  }
};
function ranksBefore(a, b) {
  return a.count > b.count || a.count === b.count && a.rgPath < b.rgPath;
}
var CONTENT_DEFAULTS = {
  matchesPerFile: SEARCH_MAX_MATCHES_PER_FILE,
  lineMaxChars: SEARCH_LINE_MAX_CHARS,
  matchLeadChars: SEARCH_MATCH_LEAD_CHARS,
  shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES,
  statsMaxLines: SEARCH_STATS_MAX_LINES
};
function trimLeadingContext(lines) {
  while (lines.length > 0 && !lines[lines.length - 1].isMatch && !lines[lines.length - 1].followsMatch) lines.pop();
}
var ContentCollector = class {
  reader;
  lineText = null;
  pending = null;
  group = null;
  groups = [];
  shownLines = 0;
  full = false;
  otherLines = [];
  resultLines = 0;
  matchedLines = 0;
  files = 0;
  /** `fastCount`: off only to check that the fast count path changes nothing. */
  limits;
  constructor(given, fastCount = true) {
    const limits = { ...CONTENT_DEFAULTS, ...given };
    this.limits = limits;
    this.reader = new ContentOutputReader(this, {
      withContext: limits.contextLines > 0,
      shortLineMaxBytes: limits.shortLineMaxBytes,
      fastCount
    });
  }
  feed(chunk) {
    this.reader.feed(chunk);
  }
  /** Call once ripgrep is done (a line cut off by a kill is dropped). */
  finish() {
    this.reader.finish();
  }
  get fileClosed() {
    return this.group !== null && this.group.closed;
  }
  nextFile(rgPath, countedLines, countedMatchedLines) {
    this.resultLines += countedLines;
    this.matchedLines += countedMatchedLines;
    if (this.group !== null) this.fileEnd();
    if (rgPath !== null) this.fileStart(rgPath);
  }
  fileStart(rgPath) {
    this.files++;
    const lastKept = this.groups[this.groups.length - 1];
    const hopeless = this.full && lastKept !== void 0 && rgPath > lastKept.rgPath;
    this.group = { rgPath, lines: [], binaryAt: null, matchLines: 0, lastMatchLine: 0, closed: hopeless };
  }
  resultLine(lineNumber, matchByte) {
    const isMatch = matchByte !== null;
    this.resultLines++;
    if (isMatch) this.matchedLines++;
    const group = this.group;
    if (group.closed) return false;
    const { lines: limit, matchesPerFile, contextLines } = this.limits;
    const previous = group.lines[group.lines.length - 1];
    const full = group.lines.length >= limit;
    const pastMatches = group.matchLines >= matchesPerFile;
    if (full || pastMatches && (isMatch || previous?.lineNumber !== lineNumber - 1)) {
      group.closed = true;
      trimLeadingContext(group.lines);
      return false;
    }
    if (isMatch) {
      group.matchLines++;
      group.lastMatchLine = lineNumber;
    }
    const followsMatch = !isMatch && group.matchLines > 0 && lineNumber - group.lastMatchLine <= contextLines;
    this.pending = { lineNumber, isMatch, followsMatch };
    this.lineText = new LineText(matchByte, { maxChars: this.limits.lineMaxChars, leadChars: this.limits.matchLeadChars });
    return true;
  }
  text(bytes) {
    this.lineText.feed(bytes);
  }
  textEnd() {
    const text2 = clipSearchLine(this.lineText.view(), this.limits.lineMaxChars, this.limits.matchLeadChars);
    this.group.lines.push({ ...this.pending, text: text2 });
    this.lineText = null;
    this.pending = null;
  }
  otherLine(line) {
    this.otherLines.push(line);
    if (this.otherLines.length > this.limits.statsMaxLines) this.otherLines.shift();
  }
  binaryStop(offset) {
    this.group.binaryAt = offset;
  }
  fileEnd() {
    const group = this.group;
    this.group = null;
    if (group === null) return;
    trimLeadingContext(group.lines);
    if (group.lines.length === 0) return;
    let at = this.groups.length;
    while (at > 0 && group.rgPath < this.groups[at - 1].rgPath) at--;
    this.groups.splice(at, 0, group);
    let room = this.limits.lines;
    let kept = 0;
    for (; kept < this.groups.length && room > 0; kept++) {
      const lines = this.groups[kept].lines;
      if (lines.length > room) {
        lines.length = room;
        trimLeadingContext(lines);
        this.full = true;
      }
      room -= lines.length;
      if (room === 0) this.full = true;
    }
    if (kept < this.groups.length) this.full = true;
    this.groups.length = kept;
    while (this.groups.length > 0 && this.groups[this.groups.length - 1].lines.length === 0) this.groups.pop();
    this.shownLines = this.groups.reduce((sum, kept2) => sum + kept2.lines.length, 0);
  }
  /** The shown lines by file, each file that ripgrep stopped reading at a NUL byte followed by a note saying so. */
  shown(displayOf) {
    const out = [];
    for (const group of this.groups) {
      const path = displayOf(group.rgPath);
      for (const line of group.lines) out.push({ path, lineNumber: line.lineNumber, isMatch: line.isMatch, text: line.text });
      if (group.binaryAt !== null) out.push({ path, binaryAt: group.binaryAt });
    }
    return out;
  }
  get shownCount() {
    return this.shownLines;
  }
  /** ripgrep's own totals from --stats, when it lived to print them. */
  stats() {
    return parseStats(this.otherLines);
  }
  /** The paths (as ripgrep printed them) of the files shown. */
  shownPaths() {
    return this.groups.map((group) => group.rgPath);
  }
};

// src/tools/code_search/rg-args.ts
var STDIN_PATH = "-";
function ripgrepArgs(options) {
  const args = [
    "--no-config",
    "--hidden",
    // .gitignore is respected in a folder that is not (yet) a git repository too.
    "--no-require-git",
    ...options.noIgnore === true ? ["--no-ignore"] : [],
    // Unreadable files are skipped quietly; pattern and glob errors are still reported.
    "--no-messages",
    "--color=never",
    "--with-filename",
    // Each path ends at a NUL, which no file name holds: a name with a newline, a colon or a leading
    // dash is read whole (rg-output.ts).
    "--null",
    // ripgrep's own totals, in both modes: they count the matches of a file it stopped reading at a
    // NUL byte, which files mode's counts leave out (rg-output.ts reads what they differ by).
    "--stats",
    options.ignoreCase ? "--ignore-case" : "--case-sensitive"
  ];
  if (options.fixed) args.push("--fixed-strings");
  if (options.fileName !== null) args.push("--text");
  if (options.mode === "files") {
    args.push("--count-matches");
  } else {
    args.push("--line-number", "--column", "--no-heading", "--no-context-separator");
    args.push(`--context=${options.contextLines}`);
  }
  if (options.glob !== null) args.push(`--glob=${options.glob}`);
  args.push("--glob=!.git");
  if (options.excludeRuns) args.push(`--glob=!/${RUNS_FOLDER_NAME}`);
  args.push(`--regexp=${options.pattern}`, "--");
  if (options.fileName !== null) args.push(options.fileName);
  return args;
}

// src/tools/code_search/result.ts
function withIgnored(result, ignored, maxBytes) {
  if (ignored === null) return result;
  const meta2 = { ...result.meta, ignored_matches: ignored.matches, ignored_files: ignored.files };
  if (ignored.files === 0) return { text: result.text, meta: meta2 };
  const text2 = `${result.text}
${ignoredLine(ignored)}`;
  return { text: utf8Bytes(text2) <= maxBytes ? text2 : result.text, meta: meta2 };
}
function searchResult(collector, shape) {
  const stopped = shape.stoppedLine;
  let totals;
  let shaped;
  let leftOut;
  if (collector instanceof ContentCollector) {
    collector.finish();
    totals = collector.stats() ?? { matches: collector.matchedLines, files: collector.files };
    leftOut = collector.resultLines - collector.shownCount;
    shaped = formatContentResult(collector.shown(shape.displayOf), leftOut, totals, shape.withGroups, shape.maxBytes, stopped);
  } else {
    collector.finish();
    const listed = { matches: collector.matches, files: collector.files };
    totals = collector.stats() ?? listed;
    const binaryFiles = { matches: totals.matches - listed.matches, files: totals.files - listed.files };
    const shown = collector.shown.map((entry) => ({ path: shape.displayOf(entry.rgPath), count: entry.count }));
    leftOut = listed.files - shown.length + Math.max(0, binaryFiles.files);
    shaped = formatFilesResult(shown, listed.files - shown.length, totals, shape.maxBytes, stopped, binaryFiles);
  }
  const truncated = stopped !== null || leftOut > 0 || shaped.cut;
  const meta2 = { matches: totals.matches, files: totals.files, truncated };
  if (totals.files === 0) {
    const none = noMatchText(shape.pattern, shape.shownRoot, shape.echoMaxChars);
    return { text: stopped === null ? none : `${none}
${stopped}`, meta: meta2 };
  }
  return { text: shaped.text, meta: meta2 };
}

// src/tools/code_search/run.ts
function checkedArgs(args) {
  if (args.pattern.includes("\0")) throw codeSearchErrors.nulInInput("pattern");
  if (args.glob !== null && args.glob.includes("\0")) throw codeSearchErrors.nulInInput("glob");
  return args;
}
async function codeSearch(context, args) {
  const { io } = context;
  const search = checkedArgs(args);
  const root = resolveInsideHome(context, search.path ?? ".");
  const kind = io.fs.stat(root.real)?.kind;
  if (kind === void 0) throw noSuchPath(root.named);
  if (kind !== "folder" && kind !== "file") throw codeSearchErrors.notSearchable(root.named, kindWords(kind));
  const { file: opened } = openInsideHome(context, root);
  try {
    return await searchOpened(context, search, root, kind, opened);
  } finally {
    opened.close();
  }
}
function ripgrepUnavailable(error2) {
  return error2 instanceof RipgrepError ? codeSearchErrors.ripgrepUnavailable(error2.failure) : error2;
}
function collectorFor(search) {
  if (search.mode === "files") return new FileCountCollector({ files: search.limit });
  return new ContentCollector({ lines: search.limit, contextLines: search.contextLines });
}
function throwIfRefused(exit, search) {
  if (exit.timedOut || exit.interruptedBy !== void 0 || exit.exitCode === 0 || exit.exitCode === 1) return;
  if (exit.exitCode === 2 && exit.stderr.trim() === "") return;
  throw codeSearchErrors.ripgrepRefused(exit.exitCode, exit.stderr, search.pattern, search.glob, search.fixed, SEARCH_ECHO_MAX_CHARS);
}
async function searchOpened(context, search, root, expected, opened) {
  const { io, request } = context;
  const kind = opened.info().kind;
  if (kind !== expected) throw codeSearchErrors.changedWhileOpened(root.named);
  if (kind === "file" && isBinaryFile(opened)) {
    return { text: binaryFileText(root.display), meta: { matches: 0, files: 0, truncated: false } };
  }
  const real = opened.realPath();
  const binary = ripgrepOf(io);
  const argsOptions = { ...search, excludeRuns: kind === "folder" && real === io.home, fileName: kind === "file" ? STDIN_PATH : null };
  const { exit, sink } = await io.search.run({
    binary,
    args: ripgrepArgs(argsOptions),
    // A file comes as stdin, so ripgrep's folder is only where it starts; the home is always there.
    cwd: kind === "file" ? io.home : real,
    folder: kind === "folder" ? opened : void 0,
    input: kind === "file" ? opened : void 0,
    timeoutMs: SEARCH_TIMEOUT_SECONDS * 1e3,
    stop: context.stop,
    output: search.mode === "files" ? "line-per-file" : "unbounded",
    newSink: () => collectorFor(search)
  }).catch((error2) => {
    throw ripgrepUnavailable(error2);
  });
  throwIfRefused(exit, search);
  const shape = {
    pattern: search.pattern,
    shownRoot: search.path === null ? "." : root.display,
    displayOf: displayOfFor(kind, root.display),
    withGroups: search.contextLines > 0,
    maxBytes: request.maxBytes,
    stoppedLine: stoppedLineOf(exit),
    echoMaxChars: SEARCH_ECHO_MAX_CHARS
  };
  const result = searchResult(sink, shape);
  if (kind !== "folder" || result.meta.truncated || !underIgnoreFile(context, real)) return result;
  const shownPaths = sink instanceof FileCountCollector ? sink.shown.map((entry) => entry.rgPath) : sink.shownPaths();
  const ignored = await countIgnored(context, binary, { ...argsOptions, mode: "files", contextLines: 0, noIgnore: true }, opened, result.meta, shownPaths, shape.displayOf, root.display);
  return withIgnored(result, ignored, request.maxBytes);
}
function ripgrepOf(io) {
  try {
    return io.search.findRipgrep(io.env);
  } catch (error2) {
    throw ripgrepUnavailable(error2);
  }
}
function stoppedLineOf(exit) {
  if (exit.interruptedBy !== void 0) return interruptedText(exit.interruptedBy);
  return exit.timedOut ? stoppedText(SEARCH_TIMEOUT_SECONDS) : null;
}
var IGNORE_FILE_NAMES = [".gitignore", ".ignore", ".rgignore"];
function underIgnoreFile(context, folder) {
  const home = context.io.home;
  for (let at = folder; ; at = at.slice(0, Math.max(1, at.lastIndexOf("/")))) {
    for (const name of IGNORE_FILE_NAMES) if (context.io.fs.stat(`${at === "/" ? "" : at}/${name}`)?.kind === "file") return true;
    if (at === home || at === "/" || !at.startsWith(`${home}/`)) return false;
  }
}
async function countIgnored(context, binary, options, folder, found, shownPaths, displayOf, rootDisplay) {
  const shown = new Set(shownPaths);
  try {
    const { exit, sink } = await context.io.search.run({
      binary,
      args: ripgrepArgs(options),
      cwd: context.io.home,
      folder,
      timeoutMs: SEARCH_IGNORED_TIMEOUT_SECONDS * 1e3,
      stop: context.stop,
      output: "line-per-file",
      // The best-ranked files, one more than the search found: at least one of them is a hidden one.
      newSink: () => new FileCountCollector({ files: shown.size + 1 })
    });
    const finished = exit.exitCode === 0 || exit.exitCode === 1 || exit.exitCode === 2 && exit.stderr.trim() === "";
    if (exit.timedOut || exit.interruptedBy !== void 0 || !finished) return null;
    sink.finish();
    const all = sink.stats() ?? { matches: sink.matches, files: sink.files };
    const hidden = sink.shown.find((entry) => !shown.has(entry.rgPath));
    const files = all.files - found.files;
    if (files <= 0 || hidden === void 0) return { matches: 0, files: 0, example: "", searchPath: "" };
    const slash = hidden.rgPath.indexOf("/");
    const first = slash === -1 ? hidden.rgPath : hidden.rgPath.slice(0, slash);
    return {
      matches: all.matches - found.matches,
      files,
      example: displayOf(hidden.rgPath),
      searchPath: rootDisplay === "." ? first : `${rootDisplay}/${first}`
    };
  } catch {
    return null;
  }
}
function displayOfFor(kind, rootDisplay) {
  if (kind === "file") {
    const shown = shownPath(rootDisplay);
    return () => shown;
  }
  return rootDisplay === "." ? (rgPath) => shownPath(rgPath) : (rgPath) => shownPath(`${rootDisplay}/${rgPath}`);
}
function isBinaryFile(file) {
  const buffer = new Uint8Array(BINARY_SNIFF_BYTES);
  const start2 = buffer.subarray(0, file.readAt(buffer, BINARY_SNIFF_BYTES, 0));
  return !startsWithUtf16Mark(start2) && looksBinary(start2);
}

// src/tools/code-runs.generated.ts
var CODE_TOOL_RUNS = {
  shell,
  shell_status: shellStatus,
  file_read: fileRead,
  code_search: codeSearch
};

// src/tools/index.ts
function runElsewhere(name) {
  return () => {
    throw new ToolError("internal", `${name} was sent to helper code without it (a defect of the helper's loader)`);
  };
}
function toolTable(contracts, runs) {
  const table = {};
  for (const { spec, resolve: resolve2 } of contracts) {
    table[spec.name] = { spec, resolve: resolve2, run: runs[spec.name] ?? runElsewhere(spec.name) };
  }
  return table;
}

// src/tools/all.ts
var CODE_TOOLS = toolTable(CODE_TOOL_CONTRACTS, CODE_TOOL_RUNS);

// src/mcp/in-process-runner.ts
function mcpCallHost(ops = CODE_TOOLS) {
  const own2 = { ...CODE_TOOLS_NODE_IO, ...FILE_READ_LONG_LIVED_NODE_IO, ...longLivedIo() };
  return new CallHost(ops, (home, runDir, env) => nodeIoWith(own2, home, runDir, env));
}
function helperEnv(options, env) {
  return { ...env, HOME: options.home, GUILDS_RUN_DIR: options.runDir };
}
var HarnessSandbox = class {
  constructor(options) {
    this.options = options;
    this.harnessCommand = options.harnessCommand;
    this.runDir = options.runDir;
  }
  options;
  harnessCommand;
  runDir;
  opened = /* @__PURE__ */ new Map();
  exec({ argv, env, expiration }) {
    return execLocal({ argv, env: helperEnv(this.options, env), expiration }, this.options.home);
  }
  /**
   * As the local sandbox writes: into the state folder only, through no link. Synchronous, as every
   * file operation of a process that may start children as root (src/io/node/identity.ts, asRootWhile):
   * the thread pool would run an asynchronous one as root while a child starts.
   */
  async writeFile(path, bytes) {
    const location = locationUnder(path, [[this.runDir, (0, import_node_fs18.realpathSync)(this.runDir)]]);
    if (location === void 0) throw new Error(`${path} is not in ${this.runDir}`);
    writeWithoutFollowing(location.base, location.names, bytes);
  }
  /** Waits for its opened execs to exit (stopping them past a grace); the home is the client's, and stays. */
  cleanup() {
    return endOpened(this.opened);
  }
  /** code_task's warm stream (`guilds-harness.js --serve`), so that a task's steps reach the client as they come. */
  open(argv, env, handlers) {
    return openLocal(argv, helperEnv(this.options, env), this.options.home, handlers, this.opened);
  }
};
var InProcessRunner = class {
  constructor(options) {
    this.options = options;
    this.harnessSandbox = new HarnessSandbox(options);
    this.harness = new WarmRunner(this.harnessSandbox);
    this.host = options.host ?? mcpCallHost();
  }
  options;
  harness;
  harnessSandbox;
  host;
  answer(call) {
    if (HELPER_OF_TOOL[call.checked.op] !== "guilds-code") return this.harness.answer(call);
    return this.answerHere(call);
  }
  answerHere(call) {
    const made2 = this.host.ioFor(helperEnv(this.options, call.env));
    if ("envelope" in made2) return Promise.resolve(made2.envelope);
    const stop = new CallStop();
    call.signal?.addEventListener("abort", () => stop.abort("SIGTERM"), { once: true });
    if (call.signal?.aborted === true) stop.abort("SIGTERM");
    const ask = call.checked.request.progress;
    const onProgress = call.onProgress;
    const progress = ask === null || onProgress === void 0 ? void 0 : new CallProgress(ask, onProgress);
    return this.host.run(made2.io, call.checked, stop, progress);
  }
  /** Its own calls hand on their progress, and code_task's over the harness's stream. */
  streamsProgress(checked) {
    return HELPER_OF_TOOL[checked.op] === "guilds-code" || this.harness.streamsProgress(checked);
  }
  /** Ends the harness's stream and waits for its helper to exit (a task in flight finishes first). */
  async close() {
    this.harness.close();
    await this.harnessSandbox.cleanup();
  }
};

// src/mcp/options.ts
var HARNESS_VARIABLE = "GUILDS_HARNESS";
function folderTokensFrom(value) {
  if (value === void 0 || value.trim() === "") return {};
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `${REPO_TOKENS_VARIABLE} is not JSON`;
  }
  if (!isPlainObject(parsed)) return `${REPO_TOKENS_VARIABLE} must be a JSON object from folder to token`;
  const tokens = {};
  for (const [folder, token] of Object.entries(parsed)) {
    if (typeof token !== "string" || token === "") return `${REPO_TOKENS_VARIABLE}: the token of ${JSON.stringify(folder)} must be a non-empty string`;
    tokens[folder] = token;
  }
  return tokens;
}
function parseOptions(argv, cwd, env) {
  let home = cwd;
  let homeFixed = false;
  let maxBytes = RESULT_DEFAULT_MAX_BYTES;
  let readPointers = true;
  let structuredContent = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, void 0];
    const value = () => inline ?? argv[++index];
    switch (flag) {
      case "--help":
      case "-h":
        return { kind: "help", text: MCP_USAGE };
      case "--home": {
        const given = value();
        if (given === void 0 || given === "") return { kind: "error", message: "--home needs a folder" };
        home = given;
        homeFixed = true;
        break;
      }
      case "--max-bytes": {
        const given = value();
        if (given === void 0 || !/^\d+$/.test(given)) return { kind: "error", message: "--max-bytes needs a whole number of bytes" };
        maxBytes = resultMaxBytes(given);
        break;
      }
      case "--no-read-pointers":
        readPointers = false;
        break;
      case "--structured-content":
        structuredContent = true;
        break;
      default:
        return { kind: "error", message: `unknown argument ${JSON.stringify(arg)} (--help lists them)` };
    }
  }
  const tokens = folderTokensFrom(env[REPO_TOKENS_VARIABLE]);
  if (typeof tokens === "string") return { kind: "error", message: tokens };
  const harness = env[HARNESS_VARIABLE];
  return {
    kind: "options",
    options: { home, homeFixed, maxBytes, readPointers, structuredContent, folderTokens: tokens, offerCodeTask: harness !== void 0 && harness.trim() !== "" }
  };
}

// node_modules/zod/v4/core/util.js
var util_exports = {};
__export(util_exports, {
  BIGINT_FORMAT_RANGES: () => BIGINT_FORMAT_RANGES,
  CONSTANT_CATCH: () => CONSTANT_CATCH,
  Class: () => Class,
  NUMBER_FORMAT_RANGES: () => NUMBER_FORMAT_RANGES,
  aborted: () => aborted,
  allowsEval: () => allowsEval,
  assert: () => assert,
  assertEqual: () => assertEqual,
  assertIs: () => assertIs,
  assertNever: () => assertNever,
  assertNotEqual: () => assertNotEqual,
  assignProp: () => assignProp,
  attachSchema: () => attachSchema,
  base64ToUint8Array: () => base64ToUint8Array,
  base64urlToUint8Array: () => base64urlToUint8Array,
  cached: () => cached,
  captureStackTrace: () => captureStackTrace,
  cleanEnum: () => cleanEnum,
  cleanRegex: () => cleanRegex,
  clone: () => clone,
  cloneDef: () => cloneDef,
  codePointLength: () => codePointLength,
  constantCatch: () => constantCatch,
  createTransparentProxy: () => createTransparentProxy,
  defineLazy: () => defineLazy,
  defineLazyInternal: () => defineLazyInternal,
  derived: () => derived,
  esc: () => esc,
  escapeRegex: () => escapeRegex,
  explicitlyAborted: () => explicitlyAborted,
  extend: () => extend,
  finalizeIssue: () => finalizeIssue,
  floatSafeRemainder: () => floatSafeRemainder,
  getElementAtPath: () => getElementAtPath,
  getEnumValues: () => getEnumValues,
  getLengthableOrigin: () => getLengthableOrigin,
  getParsedType: () => getParsedType,
  getSizableOrigin: () => getSizableOrigin,
  hexToUint8Array: () => hexToUint8Array,
  hide: () => hide,
  installLazyProp: () => installLazyProp,
  isObject: () => isObject,
  isPlainObject: () => isPlainObject2,
  issue: () => issue,
  joinValues: () => joinValues,
  jsonStringifyReplacer: () => jsonStringifyReplacer,
  members: () => members,
  merge: () => merge,
  mergeDefs: () => mergeDefs,
  normalizeParams: () => normalizeParams,
  nullish: () => nullish,
  numKeys: () => numKeys,
  objectClone: () => objectClone,
  omit: () => omit,
  optionalKeys: () => optionalKeys,
  own: () => own,
  parsedType: () => parsedType,
  partial: () => partial,
  pick: () => pick,
  prefixIssues: () => prefixIssues,
  primitiveTypes: () => primitiveTypes,
  promiseAllObject: () => promiseAllObject,
  propertyKeyTypes: () => propertyKeyTypes,
  randomString: () => randomString,
  rawShape: () => rawShape,
  required: () => required,
  safeExtend: () => safeExtend,
  shallowClone: () => shallowClone,
  sizeCaps: () => sizeCaps,
  slugify: () => slugify,
  stringifyPrimitive: () => stringifyPrimitive,
  toZod: () => toZod,
  uint8ArrayToBase64: () => uint8ArrayToBase64,
  uint8ArrayToBase64url: () => uint8ArrayToBase64url,
  uint8ArrayToHex: () => uint8ArrayToHex,
  unwrapMessage: () => unwrapMessage
});
function assertEqual(val) {
  return val;
}
function assertNotEqual(val) {
  return val;
}
function toZod() {
  return (schema) => schema;
}
function assertIs(_arg) {
}
function assertNever(_x) {
  throw new Error("Unexpected value in exhaustive check");
}
function assert(_) {
}
function getEnumValues(entries) {
  const numericValues = Object.values(entries).filter((v) => typeof v === "number");
  const values = Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
  return values;
}
function joinValues(array2, separator = "|") {
  return array2.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
  if (typeof value === "bigint")
    return value.toString();
  return value;
}
var Cached = class {
  constructor(getter) {
    this._getter = getter;
    this._value = void 0;
  }
  get value() {
    const getter = this._getter;
    if (getter !== void 0) {
      this._value = getter();
      this._getter = void 0;
    }
    return this._value;
  }
};
function cached(getter) {
  return new Cached(getter);
}
function nullish(input) {
  return input === null || input === void 0;
}
function cleanRegex(source) {
  const start2 = source.startsWith("^") ? 1 : 0;
  const end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start2, end);
}
function floatSafeRemainder(val, step) {
  const ratio = val / step;
  const roundedRatio = Math.round(ratio);
  const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  if (Math.abs(ratio - roundedRatio) < tolerance)
    return 0;
  return ratio - roundedRatio;
}
var EVALUATING = /* @__PURE__ */ Symbol("evaluating");
function defineLazy(object3, key, getter) {
  let value = void 0;
  Object.defineProperty(object3, key, {
    get() {
      if (value === EVALUATING) {
        return void 0;
      }
      if (value === void 0) {
        value = EVALUATING;
        value = getter();
      }
      return value;
    },
    set(v) {
      Object.defineProperty(object3, key, {
        value: v
        // configurable: true,
      });
    },
    configurable: true
  });
}
function objectClone(obj) {
  return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, {
    value,
    writable: true,
    enumerable: true,
    configurable: true
  });
}
function rawShape(def) {
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
  return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key, getter) {
  Object.defineProperty(target, key, {
    get() {
      const value = getter();
      assignProp(this, key, value);
      return value;
    },
    enumerable: true,
    configurable: true
  });
}
function putProp(target, key, value) {
  if (key in target)
    assignProp(target, key, value);
  else
    target[key] = value;
}
function mirrorShape(target, source, keys, wrap) {
  const raw = sourceShape(source);
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(raw, key);
    if (!desc.enumerable)
      continue;
    if (desc.get) {
      deferProp(target, key, () => {
        const value = source._zod.def.shape[key];
        return wrap ? wrap(value, key) : value;
      });
    } else
      putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
  }
}
function mirrorProps(target, source) {
  for (const key of Reflect.ownKeys(source)) {
    const desc = Object.getOwnPropertyDescriptor(source, key);
    if (!desc.enumerable)
      continue;
    if (desc.get)
      deferProp(target, key, () => source[key]);
    else
      putProp(target, key, desc.value);
  }
}
function mergeDefs(...defs) {
  const mergedDescriptors = {};
  for (const def of defs) {
    const descriptors = Object.getOwnPropertyDescriptors(def);
    Object.assign(mergedDescriptors, descriptors);
  }
  return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
  return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
  if (!path)
    return obj;
  return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
  const keys = Object.keys(promisesObj);
  const promises = keys.map((key) => promisesObj[key]);
  return Promise.all(promises).then((results) => {
    const resolvedObj = {};
    for (let i = 0; i < keys.length; i++) {
      resolvedObj[keys[i]] = results[i];
    }
    return resolvedObj;
  });
}
function randomString(length = 10) {
  const chars = "abcdefghijklmnopqrstuvwxyz";
  let str = "";
  for (let i = 0; i < length; i++) {
    str += chars[Math.floor(Math.random() * chars.length)];
  }
  return str;
}
function esc(str) {
  return JSON.stringify(str);
}
function slugify(input) {
  return input.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
};
function isObject(data) {
  return typeof data === "object" && data !== null && !Array.isArray(data);
}
var allowsEval = /* @__PURE__ */ cached(() => {
  if (globalConfig.jitless) {
    return false;
  }
  if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
    return false;
  }
  try {
    const F = Function;
    new F("");
    return true;
  } catch (_) {
    return false;
  }
});
function isPlainObject2(o) {
  if (isObject(o) === false)
    return false;
  const ctor = o.constructor;
  if (ctor === void 0)
    return true;
  if (typeof ctor !== "function")
    return true;
  const prot = ctor.prototype;
  if (isObject(prot) === false)
    return false;
  if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
    return false;
  }
  return true;
}
function shallowClone(o) {
  if (isPlainObject2(o))
    return { ...o };
  if (Array.isArray(o))
    return [...o];
  if (o instanceof Map)
    return new Map(o);
  if (o instanceof Set)
    return new Set(o);
  return o;
}
function numKeys(data) {
  let keyCount = 0;
  for (const key in data) {
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      keyCount++;
    }
  }
  return keyCount;
}
var getParsedType = (data) => {
  const t = typeof data;
  switch (t) {
    case "undefined":
      return "undefined";
    case "string":
      return "string";
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "boolean":
      return "boolean";
    case "function":
      return "function";
    case "bigint":
      return "bigint";
    case "symbol":
      return "symbol";
    case "object":
      if (Array.isArray(data)) {
        return "array";
      }
      if (data === null) {
        return "null";
      }
      if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
        return "promise";
      }
      if (typeof Map !== "undefined" && data instanceof Map) {
        return "map";
      }
      if (typeof Set !== "undefined" && data instanceof Set) {
        return "set";
      }
      if (typeof Date !== "undefined" && data instanceof Date) {
        return "date";
      }
      if (typeof File !== "undefined" && data instanceof File) {
        return "file";
      }
      return "object";
    default:
      throw new Error(`Unknown data type: ${t}`);
  }
};
var propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]);
var primitiveTypes = /* @__PURE__ */ new Set([
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "undefined"
]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  const cl = new inst._zod.constr(def ?? inst._zod.def);
  if (!def || params?.parent)
    cl._zod.parent = inst;
  return cl;
}
function normalizeParams(_params) {
  const params = _params;
  if (!params)
    return {};
  if (typeof params === "string")
    return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0)
      throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  delete params.message;
  if (typeof params.error === "string")
    return { ...params, error: () => params.error };
  return params;
}
function createTransparentProxy(getter) {
  let target;
  return new Proxy({}, {
    get(_, prop, receiver) {
      target ?? (target = getter());
      return Reflect.get(target, prop, receiver);
    },
    set(_, prop, value, receiver) {
      target ?? (target = getter());
      return Reflect.set(target, prop, value, receiver);
    },
    has(_, prop) {
      target ?? (target = getter());
      return Reflect.has(target, prop);
    },
    deleteProperty(_, prop) {
      target ?? (target = getter());
      return Reflect.deleteProperty(target, prop);
    },
    ownKeys(_) {
      target ?? (target = getter());
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(_, prop) {
      target ?? (target = getter());
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    defineProperty(_, prop, descriptor) {
      target ?? (target = getter());
      return Reflect.defineProperty(target, prop, descriptor);
    }
  });
}
function stringifyPrimitive(value) {
  if (typeof value === "bigint")
    return value.toString() + "n";
  if (typeof value === "string")
    return `"${value}"`;
  return `${value}`;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => {
    return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
  });
}
var NUMBER_FORMAT_RANGES = /* @__PURE__ */ (() => ({
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-34028234663852886e22, 34028234663852886e22],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}))();
var BIGINT_FORMAT_RANGES = {
  int64: [/* @__PURE__ */ BigInt("-9223372036854775808"), /* @__PURE__ */ BigInt("9223372036854775807")],
  uint64: [/* @__PURE__ */ BigInt(0), /* @__PURE__ */ BigInt("18446744073709551615")]
};
function pick(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".pick() cannot be used on object schemas containing refinements");
  }
  const newShape = {};
  mirrorShape(newShape, schema, maskedKeys(schema, mask));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function maskedKeys(schema, mask) {
  const raw = sourceShape(schema);
  const keys = [];
  for (const key of Reflect.ownKeys(mask)) {
    if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
      throw new Error(`Unrecognized key: "${String(key)}"`);
    }
    if (mask[key])
      keys.push(key);
  }
  return keys;
}
function omit(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".omit() cannot be used on object schemas containing refinements");
  }
  const omitted = new Set(maskedKeys(schema, mask));
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
  if (!isPlainObject2(shape)) {
    throw new Error("Invalid input to extend: expected a plain object");
  }
  const checks = schema._zod.def.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    const existingShape = sourceShape(schema);
    for (const key of Reflect.ownKeys(shape)) {
      if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0) {
        throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
      }
    }
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
  mirrorProps(newShape, shape);
  return newShape;
}
function safeExtend(schema, shape) {
  if (!isPlainObject2(shape)) {
    throw new Error("Invalid input to safeExtend: expected a plain object");
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
  if (!b?._zod?.def) {
    throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
  }
  if (a._zod.def.checks?.length) {
    throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
  }
  const newShape = {};
  mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
  mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
  const def = mergeDefs(a._zod.def, {
    shape: newShape,
    get catchall() {
      return b._zod.def.catchall;
    },
    checks: b._zod.def.checks ?? []
  });
  return clone(a, def);
}
function partial(Class2, schema, mask, name = "partial") {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
  }
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class2 && ((value, key) => selected && !selected.has(key) ? value : new Class2({ type: "optional", innerType: value })));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class2, schema, mask) {
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => (
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class2({ type: "nonoptional", innerType: value })
  ));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
function aborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue !== true) {
      return true;
    }
  }
  return false;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue === false) {
      return true;
    }
  }
  return false;
}
function prefixIssues(path, issues) {
  return issues.map((iss) => {
    var _a3;
    (_a3 = iss).path ?? (_a3.path = []);
    iss.path.unshift(path);
    return iss;
  });
}
function unwrapMessage(message) {
  return typeof message === "string" ? message : message?.message;
}
function sizeCaps(defChecks) {
  const caps = [];
  for (const ch of defChecks ?? []) {
    const d = ch._zod.def;
    if (!/_(length|size)$|_equals$/.test(d.check))
      break;
    const max = d.maximum ?? d.length ?? d.size;
    if (max >= 0)
      caps.push([max, ch]);
  }
  return caps;
}
function attachSchema(issues, start2, inst) {
  var _a3;
  for (let i = start2; i < issues.length; i++) {
    (_a3 = issues[i]).schema ?? (_a3.schema = inst);
  }
}
function finalizeIssue(iss, ctx, config2) {
  var _a3;
  const traits = iss.inst?._zod?.traits;
  if (traits?.has("$ZodType")) {
    if (traits.has("$ZodCheck"))
      (_a3 = iss).schema ?? (_a3.schema = iss.inst);
    else
      iss.schema = iss.inst;
  }
  const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
  const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config2.customError?.(iss)) ?? unwrapMessage(config2.localeError?.(iss)) ?? "Invalid input";
  const full = {};
  for (const k of Object.keys(iss)) {
    if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
      continue;
    full[k] = iss[k];
  }
  full.path ?? (full.path = []);
  full.message = message;
  if (ctx?.reportInput) {
    full.input = iss.input;
  }
  return full;
}
function getSizableOrigin(input) {
  if (input instanceof Set)
    return "set";
  if (input instanceof Map)
    return "map";
  if (input instanceof File)
    return "file";
  return "unknown";
}
var highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
  const units = str.length;
  if (!highSurrogate.test(str))
    return units;
  let count = units;
  for (let i = 0; i < units - 1; i++) {
    if ((str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320) {
      count--;
      i++;
    }
  }
  return count;
}
function getLengthableOrigin(input) {
  if (Array.isArray(input))
    return "array";
  if (typeof input === "string")
    return "string";
  return "unknown";
}
function parsedType(data) {
  const t = typeof data;
  switch (t) {
    case "number": {
      return Number.isNaN(data) ? "nan" : "number";
    }
    case "object": {
      if (data === null) {
        return "null";
      }
      if (Array.isArray(data)) {
        return "array";
      }
      const obj = data;
      if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
        return obj.constructor.name;
      }
    }
  }
  return t;
}
function issue(...args) {
  const [iss, input, inst] = args;
  if (typeof iss === "string") {
    return {
      message: iss,
      code: "custom",
      input,
      inst
    };
  }
  return { ...iss };
}
function cleanEnum(obj) {
  return Object.entries(obj).filter(([k, _]) => {
    return Number.isNaN(Number.parseInt(k, 10));
  }).map((el) => el[1]);
}
function base64ToUint8Array(base642) {
  const binaryString = atob(base642);
  const bytes = new Uint8Array(binaryString.length);
  for (let i = 0; i < binaryString.length; i++) {
    bytes[i] = binaryString.charCodeAt(i);
  }
  return bytes;
}
function uint8ArrayToBase64(bytes) {
  let binaryString = "";
  for (let i = 0; i < bytes.length; i++) {
    binaryString += String.fromCharCode(bytes[i]);
  }
  return btoa(binaryString);
}
function base64urlToUint8Array(base64url2) {
  const base642 = base64url2.replace(/-/g, "+").replace(/_/g, "/");
  const padding = "=".repeat((4 - base642.length % 4) % 4);
  return base64ToUint8Array(base642 + padding);
}
function uint8ArrayToBase64url(bytes) {
  return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
  const cleanHex = hex.replace(/^0x/, "");
  if (cleanHex.length % 2 !== 0) {
    throw new Error("Invalid hex string length");
  }
  const bytes = new Uint8Array(cleanHex.length / 2);
  for (let i = 0; i < cleanHex.length; i += 2) {
    bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
  }
  return bytes;
}
function uint8ArrayToHex(bytes) {
  return Array.from(bytes).map((b) => b.toString(16).padStart(2, "0")).join("");
}
var Class = class {
  constructor(..._args) {
  }
};
function members(proto, table) {
  for (const key in table) {
    const desc = Object.getOwnPropertyDescriptor(table, key);
    if (desc.get)
      Object.defineProperty(proto, key, { ...desc, enumerable: false });
    else
      defineBound(proto, key, desc.value);
  }
}
function own(inst, key, value, enumerable = true) {
  Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
  return value;
}
function hide(inst, key, value) {
  return own(inst, key, value, false);
}
// @__NO_SIDE_EFFECTS__
function derived(computes, table) {
  for (const key in computes) {
    const compute = computes[key];
    Object.defineProperty(table, key, {
      configurable: true,
      enumerable: true,
      get() {
        return own(this, key, compute(this));
      },
      set(value) {
        own(this, key, value);
      }
    });
  }
  return table;
}
function defineBound(proto, key, fn) {
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      return this == null ? fn : own(this, key, fn.bind(this));
    },
    set(value) {
      own(this, key, value);
    }
  });
}
function claim(inst, sentinel) {
  const proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing;
var broke = false;
var breaker = {
  configurable: true,
  get() {
    broke = true;
    return void 0;
  }
};
function defineLazyInternal(inst, key, compute) {
  const proto = Object.getPrototypeOf(inst._zod);
  if (key in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  installing = inst._zod;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      Object.defineProperty(this, key, breaker);
      const outer = broke;
      broke = false;
      try {
        const value = compute(this);
        if (broke)
          delete this[key];
        else
          Object.defineProperty(this, key, { configurable: true, writable: true, value });
        broke = broke || outer;
        return value;
      } catch (err) {
        delete this[key];
        broke = broke || outer;
        throw err;
      }
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, value });
    }
  });
}
function installLazyProp(inst, key, make, enumerable) {
  const proto = claim(inst, key);
  if (!proto)
    return;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      const desc = { configurable: true, writable: true, enumerable, value: void 0 };
      Object.defineProperty(this, key, desc);
      desc.value = make(this);
      Object.defineProperty(this, key, desc);
      return desc.value;
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
    }
  });
}
var CONSTANT_CATCH = "~constantCatch";
function constantCatch(value) {
  const fn = () => value;
  fn[CONSTANT_CATCH] = true;
  return fn;
}

// node_modules/zod/v4/core/core.js
var _a;
var _zodDesc = { value: void 0, enumerable: false };
var _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  const E = _E;
  if (E) {
    const saved = E.stackTraceLimit;
    if (typeof saved === "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        _E = null;
        return new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
// @__NO_SIDE_EFFECTS__
function $constructor(name, initializer3, proto, params) {
  const zodProto = {};
  function Internals(def) {
    this.def = def;
    this.constr = _;
    this.traits = /* @__PURE__ */ new Set();
  }
  Internals.prototype = zodProto;
  const protoMembers = proto;
  const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
  function init(inst, def) {
    if (!inst._zod) {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    } else if (inst._zod.traits.has(name)) {
      return;
    }
    inst._zod.traits.add(name);
    initializer3(inst, def);
    if (initialized) {
      const own2 = Object.getPrototypeOf(inst);
      const ctorProto = inst._zod.constr.prototype;
      let up = own2;
      while (up && up !== ctorProto)
        up = Object.getPrototypeOf(up);
      const target = up ?? own2;
      if (!initialized.has(target)) {
        initialized.add(target);
        members(target, protoMembers);
      }
    }
    const proto2 = _.prototype;
    for (const k in proto2) {
      if (!Object.prototype.hasOwnProperty.call(proto2, k))
        continue;
      if (!(k in inst)) {
        inst[k] = proto2[k].bind(inst);
      }
    }
  }
  const Parent = params?.Parent ?? Object;
  class Definition extends Parent {
  }
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    const inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    const deferred = inst._zod.deferred;
    if (deferred) {
      for (const fn of deferred) {
        fn();
      }
      inst._zod.deferred = void 0;
    }
    const pp = globalThis.__zod_globalConfig?.postProcessor;
    if (pp)
      pp(inst);
    return inst;
  }
  Object.defineProperty(_, "init", { value: init });
  Object.defineProperty(_, Symbol.hasInstance, {
    value: (inst) => {
      if (params?.Parent && inst instanceof params.Parent)
        return true;
      return inst?._zod?.traits?.has(name);
    }
  });
  Object.defineProperty(_, "name", { value: name });
  return _;
}
var $ZodAsyncError = class extends Error {
  constructor() {
    super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
  }
};
var $ZodEncodeError = class extends Error {
  constructor(name) {
    super(`Encountered unidirectional transform during encode: ${name}`);
    this.name = "ZodEncodeError";
  }
};
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  if (newConfig)
    Object.assign(globalConfig, newConfig);
  return globalConfig;
}

// node_modules/zod/v4/core/errors.js
function _getMessage() {
  const internals = this._zod;
  internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
  return internals.message;
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = {
  get: _getMessage,
  set: _setMessage,
  enumerable: true,
  configurable: true
};
var _issuesDesc = { value: void 0, enumerable: false };
var _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
var initializer = (inst, def) => {
  inst.name = "$ZodError";
  _issuesDesc.value = def;
  Object.defineProperty(inst, "issues", _issuesDesc);
  _issuesDesc.value = void 0;
  Object.defineProperty(inst, "message", _messageDesc);
  const proto = Object.getPrototypeOf(inst);
  if (!_installedToString.has(proto)) {
    _installedToString.add(proto);
    Object.defineProperty(proto, "toString", {
      configurable: true,
      enumerable: false,
      get() {
        const value = () => this.message;
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
        return value;
      },
      set(value) {
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
      }
    });
  }
};
var $ZodError = $constructor("$ZodError", initializer);
var $ZodRealError = $constructor("$ZodError", initializer, void 0, {
  Parent: Error
});
function node(obj, key, make) {
  if (!Object.prototype.hasOwnProperty.call(obj, key)) {
    if (key === "__proto__") {
      Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
    } else {
      obj[key] = make();
    }
  }
  return obj[key];
}
function flattenError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = {};
  const formErrors = [];
  for (const sub of error2.issues) {
    if (sub.path.length > 0) {
      node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
    } else {
      formErrors.push(mapper(sub));
    }
  }
  return { formErrors, fieldErrors };
}
function formatError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = { _errors: [] };
  const processError = (error3, path = []) => {
    for (const issue2 of error3.issues) {
      if (issue2.code === "invalid_union" && issue2.errors.length) {
        issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
      } else if (issue2.code === "invalid_key") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else if (issue2.code === "invalid_element") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else {
        const fullpath = [...path, ...issue2.path];
        if (fullpath.length === 0) {
          fieldErrors._errors.push(mapper(issue2));
        } else {
          let curr = fieldErrors;
          let i = 0;
          while (i < fullpath.length) {
            const el = fullpath[i];
            const terminal = i === fullpath.length - 1;
            if (el === "_errors") {
              if (terminal)
                curr._errors.push(mapper(issue2));
              i++;
              continue;
            }
            if (!Object.prototype.hasOwnProperty.call(curr, el)) {
              Object.defineProperty(curr, el, {
                value: { _errors: [] },
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
            const node2 = curr[el];
            if (terminal) {
              node2._errors.push(mapper(issue2));
            }
            curr = node2;
            i++;
          }
        }
      }
    }
  };
  processError(error2);
  return fieldErrors;
}

// node_modules/zod/v4/core/parse.js
function finalizeParams(callee, params) {
  return { callee: params?.callee ?? callee, Err: params?.Err };
}
var _parse = (_Err) => {
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
      throw new $ZodAsyncError();
    }
    if (result.issues.length) {
      const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, _params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _parseAsync = (_Err) => {
  const fn = async (schema, value, _ctx, params) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
      result = await result;
    if (result.issues.length) {
      const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _safeParse = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
  const result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length ? failure2(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var safeParse = /* @__PURE__ */ _safeParse($ZodRealError);
function failure2(Err, issues, ctx) {
  let error2;
  return {
    success: false,
    get error() {
      if (!error2) {
        error2 = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
        issues = void 0;
        ctx = void 0;
      }
      return error2;
    },
    set error(e) {
      error2 = e;
      issues = void 0;
      ctx = void 0;
    }
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length ? failure2(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
var COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
var validate2 = ((schema, value, _ctx) => {
  const validator = schema._zod.bag.validator;
  if (validator !== void 0) {
    if (validator(value) !== COMPILE_INVALID)
      return true;
    if (validator.definite === true && _ctx === void 0)
      return false;
  }
  return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
  const ctx = _ctx ? { ..._ctx, async: false, abortEarly: true } : { async: false, abortEarly: true };
  const fallbackRun = schema._zod.bag.fallbackRun;
  let result;
  if (fallbackRun) {
    ctx[COMPILE_FALLBACK] = true;
    result = fallbackRun({ value, issues: [] }, ctx);
  } else {
    result = schema._zod.run({ value, issues: [] }, ctx);
  }
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length === 0;
}
var validateAsync = async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true, abortEarly: true } : { async: true, abortEarly: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length === 0;
};
var _encode = (_Err) => {
  const parse3 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return parse3(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decode = (_Err) => {
  const parse3 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    return parse3(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _encodeAsync = (_Err) => {
  const parseAsync3 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return await parseAsync3(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decodeAsync = (_Err) => {
  const parseAsync3 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    return await parseAsync3(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _safeEncode = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParse(_Err)(schema, value, ctx);
};
var _safeDecode = (_Err) => (schema, value, _ctx) => {
  return _safeParse(_Err)(schema, value, _ctx);
};
var _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParseAsync(_Err)(schema, value, ctx);
};
var _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
  return _safeParseAsync(_Err)(schema, value, _ctx);
};

// node_modules/zod/v4/core/regexes.js
var cuid = /^[cC][0-9a-z]{6,}$/;
var cuid2 = /^[0-9a-z]+$/;
var ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
var xid = /^[0-9a-vA-V]{20}$/;
var ksuid = /^[A-Za-z0-9]{27}$/;
var nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
  return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
var duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
var guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
var uuid = (version2) => {
  if (!version2)
    return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
  return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version2}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
var email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
var _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
  return new RegExp(_emoji, "u");
}
var ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
var ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
var cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
var cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
var base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
var base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
var httpProtocol = /^https?$/;
var e164 = /^\+[1-9]\d{6,14}$/;
var dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
function anchor(source) {
  return new RegExp(`^${source}$`);
}
var date = /* @__PURE__ */ anchor(dateSource);
function timeSource(args) {
  const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
  const regex2 = typeof args.precision === "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
  return regex2;
}
function time(args) {
  return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
  const opts = ["Z"];
  if (args.offset)
    opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
  const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
  const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
  return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
var anyString = /^[\s\S]{0,}$/;
var integer2 = /^-?\d+$/;
var number = /^-?\d+(?:\.\d+)?$/;
var boolean2 = /^(?:true|false)$/i;
var _null = /^null$/i;
var lowercase = /^[^A-Z]*$/;
var uppercase = /^[^a-z]*$/;

// node_modules/zod/v4/core/checks.js
var $ZodCheck = /* @__PURE__ */ $constructor("$ZodCheck", (inst, def) => {
  var _a3;
  inst._zod ?? (inst._zod = {});
  inst._zod.def = def;
  (_a3 = inst._zod).onattach ?? (_a3.onattach = []);
});
var _whenHasLength = (payload) => {
  const val = payload.value;
  return !nullish(val) && val.length !== void 0;
};
var numericOriginMap = {
  number: "number",
  bigint: "bigint",
  object: "date"
};
var $ZodCheckLessThan = /* @__PURE__ */ $constructor("$ZodCheckLessThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_big",
      maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckGreaterThan = /* @__PURE__ */ $constructor("$ZodCheckGreaterThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_small",
      minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMultipleOf = /* @__PURE__ */ $constructor("$ZodCheckMultipleOf", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    if (typeof payload.value !== typeof def.value)
      throw new Error("Cannot mix number and bigint in multiple_of check.");
    const isMultiple = typeof payload.value === "bigint" ? (
      // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
      def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
    ) : floatSafeRemainder(payload.value, def.value) === 0;
    if (isMultiple)
      return;
    payload.issues.push({
      origin: typeof payload.value,
      code: "not_multiple_of",
      divisor: def.value,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckNumberFormat = /* @__PURE__ */ $constructor("$ZodCheckNumberFormat", (inst, def) => {
  $ZodCheck.init(inst, def);
  def.format = def.format || "float64";
  const isInt = def.format?.includes("int");
  const origin = isInt ? "int" : "number";
  const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    const input = payload.value;
    if (isInt) {
      if (!Number.isInteger(input)) {
        payload.issues.push({
          expected: origin,
          format: def.format,
          code: "invalid_type",
          continue: false,
          input,
          inst
        });
        return;
      }
      if (!Number.isSafeInteger(input)) {
        if (input > 0) {
          payload.issues.push({
            input,
            code: "too_big",
            maximum: Number.MAX_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        } else {
          payload.issues.push({
            input,
            code: "too_small",
            minimum: Number.MIN_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        }
        return;
      }
    }
    if (input < minimum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_small",
        minimum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
    if (input > maximum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_big",
        maximum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCheckMaxLength = /* @__PURE__ */ $constructor("$ZodCheckMaxLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
    if (length <= def.maximum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_big",
      maximum: def.maximum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMinLength = /* @__PURE__ */ $constructor("$ZodCheckMinLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2 ? codePointLength(input) : units;
    if (length >= def.minimum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_small",
      minimum: def.minimum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLengthEquals = /* @__PURE__ */ $constructor("$ZodCheckLengthEquals", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.length && units <= def.length * 2 ? codePointLength(input) : units;
    if (length === def.length)
      return;
    const origin = getLengthableOrigin(input);
    const tooBig = length > def.length;
    payload.issues.push({
      origin,
      ...tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length },
      inclusive: true,
      exact: true,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStringFormat = /* @__PURE__ */ $constructor("$ZodCheckStringFormat", (inst, def) => {
  var _a3, _b;
  $ZodCheck.init(inst, def);
  if (def.pattern)
    (_a3 = inst._zod).check ?? (_a3.check = (payload) => {
      def.pattern.lastIndex = 0;
      if (def.pattern.test(payload.value))
        return;
      payload.issues.push({
        origin: "string",
        code: "invalid_format",
        format: def.format,
        input: payload.value,
        ...def.pattern ? { pattern: def.pattern.toString() } : {},
        inst,
        continue: !def.abort
      });
    });
  else
    (_b = inst._zod).check ?? (_b.check = () => {
    });
});
var $ZodCheckRegex = /* @__PURE__ */ $constructor("$ZodCheckRegex", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    def.pattern.lastIndex = 0;
    if (def.pattern.test(payload.value))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "regex",
      input: payload.value,
      pattern: def.pattern.toString(),
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLowerCase = /* @__PURE__ */ $constructor("$ZodCheckLowerCase", (inst, def) => {
  def.pattern ?? (def.pattern = lowercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckUpperCase = /* @__PURE__ */ $constructor("$ZodCheckUpperCase", (inst, def) => {
  def.pattern ?? (def.pattern = uppercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckIncludes = /* @__PURE__ */ $constructor("$ZodCheckIncludes", (inst, def) => {
  $ZodCheck.init(inst, def);
  const escapedRegex = escapeRegex(def.includes);
  const pattern2 = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
  def.pattern = pattern2;
  inst._zod.check = (payload) => {
    if (payload.value.includes(def.includes, def.position))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "includes",
      includes: def.includes,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStartsWith = /* @__PURE__ */ $constructor("$ZodCheckStartsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern2 = new RegExp(`^${escapeRegex(def.prefix)}.*`);
  def.pattern ?? (def.pattern = pattern2);
  inst._zod.check = (payload) => {
    if (payload.value.startsWith(def.prefix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "starts_with",
      prefix: def.prefix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckEndsWith = /* @__PURE__ */ $constructor("$ZodCheckEndsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern2 = new RegExp(`.*${escapeRegex(def.suffix)}$`);
  def.pattern ?? (def.pattern = pattern2);
  inst._zod.check = (payload) => {
    if (payload.value.endsWith(def.suffix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "ends_with",
      suffix: def.suffix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckOverwrite = /* @__PURE__ */ $constructor("$ZodCheckOverwrite", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    payload.value = def.tx(payload.value);
  };
});

// node_modules/zod/v4/core/doc.js
var Doc = class {
  constructor(args = [], closed = {}) {
    this.content = [];
    this.indent = 0;
    this.args = args;
    this.closed = closed;
  }
  // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
  indented(fn) {
    this.indent += 1;
    try {
      fn(this);
    } finally {
      this.indent -= 1;
    }
  }
  write(arg) {
    if (typeof arg === "function") {
      arg(this, { execution: "sync" });
      arg(this, { execution: "async" });
      return;
    }
    const content = arg;
    const lines = content.split("\n").filter((x) => x);
    const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
    const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
    for (const line of dedented) {
      this.content.push(line);
    }
  }
  compile() {
    const F = Function;
    const content = this?.content ?? [``];
    const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {
${content.join("\n")}
};`);
    return factory(...Object.values(this.closed));
  }
};

// node_modules/zod/v4/core/versions.js
var version = {
  major: 4,
  minor: 6,
  patch: 7
};

// node_modules/zod/v4/core/schemas.js
var $ZodType = /* @__PURE__ */ $constructor("$ZodType", (inst, def) => {
  var _a3;
  inst ?? (inst = {});
  inst._zod.def = def;
  inst._zod.bag = inst._zod.bag || {};
  inst._zod.version = version;
  const defChecks = inst._zod.def.checks;
  const checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
  for (const ch of checks) {
    for (const fn of ch._zod.onattach) {
      fn(inst);
    }
  }
  if (checks.length === 0) {
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred?.push(() => {
      inst._zod.run = inst._zod.parse;
    });
  } else {
    const runChecks = (payload, checks2, ctx) => {
      if (payload.memo)
        return payload;
      let isAborted = aborted(payload);
      let asyncResult;
      for (const ch of checks2) {
        if (ch._zod.def.when) {
          if (explicitlyAborted(payload))
            continue;
          const shouldRun = ch._zod.def.when(payload);
          if (!shouldRun)
            continue;
        } else if (isAborted) {
          continue;
        }
        const currLen = payload.issues.length;
        const _ = ch._zod.check(payload);
        if (_ instanceof Promise && ctx?.async === false) {
          throw new $ZodAsyncError();
        }
        if (asyncResult || _ instanceof Promise) {
          asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
            await _;
            const nextLen = payload.issues.length;
            if (nextLen === currLen)
              return;
            attachSchema(payload.issues, currLen, inst);
            if (!isAborted)
              isAborted = aborted(payload, currLen);
          });
        } else {
          const nextLen = payload.issues.length;
          if (nextLen === currLen)
            continue;
          attachSchema(payload.issues, currLen, inst);
          if (!isAborted)
            isAborted = aborted(payload, currLen);
        }
      }
      if (asyncResult) {
        return asyncResult.then(() => {
          return payload;
        });
      }
      return payload;
    };
    const handleCanaryResult = (canary, payload, ctx) => {
      if (aborted(canary)) {
        canary.aborted = true;
        return canary;
      }
      const checkResult = runChecks(payload, checks, ctx);
      if (checkResult instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
      }
      return inst._zod.parse(checkResult, ctx);
    };
    inst._zod.run = (payload, ctx) => {
      if (ctx.skipChecks) {
        return inst._zod.parse(payload, ctx);
      }
      if (ctx.direction === "backward") {
        const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
        if (canary instanceof Promise) {
          return canary.then((canary2) => {
            return handleCanaryResult(canary2, payload, ctx);
          });
        }
        return handleCanaryResult(canary, payload, ctx);
      }
      const result = inst._zod.parse(payload, ctx);
      if (result instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return result.then((result2) => runChecks(result2, checks, ctx));
      }
      return runChecks(result, checks, ctx);
    };
  }
}, {
  // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
  get "~standard"() {
    return hide(this, "~standard", standardProps(this));
  },
  set "~standard"(value) {
    own(this, "~standard", value);
  }
});
var toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync2(inst, value) {
  const ctx = { async: true };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      const ctx = { async: false };
      try {
        const r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise))
          return toStandardResult(r, ctx);
      } catch (_) {
      }
      return validateAsync2(inst, value);
    },
    vendor: "zod",
    version: 1
  };
}
var $ZodString = /* @__PURE__ */ $constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = def.pattern ?? anyString;
  inst._zod.parse = (payload, _) => {
    if (def.coerce)
      try {
        payload.value = String(payload.value);
      } catch (_2) {
      }
    if (typeof payload.value === "string")
      return payload;
    payload.issues.push({
      expected: "string",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodStringFormat = /* @__PURE__ */ $constructor("$ZodStringFormat", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  $ZodString.init(inst, def);
});
var $ZodGUID = /* @__PURE__ */ $constructor("$ZodGUID", (inst, def) => {
  def.pattern ?? (def.pattern = guid);
  $ZodStringFormat.init(inst, def);
});
var $ZodUUID = /* @__PURE__ */ $constructor("$ZodUUID", (inst, def) => {
  if (def.version) {
    const versionMap = {
      v1: 1,
      v2: 2,
      v3: 3,
      v4: 4,
      v5: 5,
      v6: 6,
      v7: 7,
      v8: 8
    };
    const v = versionMap[def.version];
    if (v === void 0)
      throw new Error(`Invalid UUID version: "${def.version}"`);
    def.pattern ?? (def.pattern = uuid(v));
  } else
    def.pattern ?? (def.pattern = uuid());
  $ZodStringFormat.init(inst, def);
});
var $ZodEmail = /* @__PURE__ */ $constructor("$ZodEmail", (inst, def) => {
  def.pattern ?? (def.pattern = email);
  $ZodStringFormat.init(inst, def);
});
var URL_BAD_FORMAT = 1;
var URL_UNPARSEABLE = 2;
function canParseURL(input) {
  try {
    if (typeof URL !== "undefined" && typeof URL.canParse === "function")
      return URL.canParse(input);
    new URL(input);
    return true;
  } catch {
    return false;
  }
}
function validateURL(trimmed, def) {
  if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
    return canParseURL(trimmed) || URL_UNPARSEABLE;
  }
  return parseURLObject(trimmed, def);
}
function parseURLObject(trimmed, def) {
  if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
    return URL_BAD_FORMAT;
  }
  try {
    if (typeof URL !== "undefined") {
      const URLStatic = URL;
      if (typeof URLStatic.parse === "function")
        return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
    }
    return new URL(trimmed);
  } catch {
    return URL_UNPARSEABLE;
  }
}
var asciiTabOrNewline = /[\t\n\r]/g;
function stripTabAndNewline(value) {
  return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
  hostname.lastIndex = 0;
  return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
  protocol.lastIndex = 0;
  return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
var $ZodURL = /* @__PURE__ */ $constructor("$ZodURL", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    try {
      const trimmed = payload.value.trim();
      const url = validateURL(trimmed, def);
      if (url === URL_BAD_FORMAT) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid URL format",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === URL_UNPARSEABLE) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === true) {
        payload.value = stripTabAndNewline(trimmed);
        return;
      }
      if (def.hostname && !urlHostnameOk(url, def.hostname)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid hostname",
          pattern: def.hostname.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      if (def.protocol && !urlProtocolOk(url, def.protocol)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid protocol",
          pattern: def.protocol.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
      return;
    } catch (_) {
      payload.issues.push({
        code: "invalid_format",
        format: "url",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodEmoji = /* @__PURE__ */ $constructor("$ZodEmoji", (inst, def) => {
  def.pattern ?? (def.pattern = emoji());
  $ZodStringFormat.init(inst, def);
});
var $ZodNanoID = /* @__PURE__ */ $constructor("$ZodNanoID", (inst, def) => {
  if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
    throw new Error(`Invalid nanoid length: ${def.length}`);
  def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length));
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID = /* @__PURE__ */ $constructor("$ZodCUID", (inst, def) => {
  def.pattern ?? (def.pattern = cuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID2 = /* @__PURE__ */ $constructor("$ZodCUID2", (inst, def) => {
  def.pattern ?? (def.pattern = cuid2);
  $ZodStringFormat.init(inst, def);
});
var $ZodULID = /* @__PURE__ */ $constructor("$ZodULID", (inst, def) => {
  def.pattern ?? (def.pattern = ulid);
  $ZodStringFormat.init(inst, def);
});
var $ZodXID = /* @__PURE__ */ $constructor("$ZodXID", (inst, def) => {
  def.pattern ?? (def.pattern = xid);
  $ZodStringFormat.init(inst, def);
});
var $ZodKSUID = /* @__PURE__ */ $constructor("$ZodKSUID", (inst, def) => {
  def.pattern ?? (def.pattern = ksuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodISODateTime = /* @__PURE__ */ $constructor("$ZodISODateTime", (inst, def) => {
  def.pattern ?? (def.pattern = datetime(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODate = /* @__PURE__ */ $constructor("$ZodISODate", (inst, def) => {
  def.pattern ?? (def.pattern = date);
  $ZodStringFormat.init(inst, def);
});
var $ZodISOTime = /* @__PURE__ */ $constructor("$ZodISOTime", (inst, def) => {
  def.pattern ?? (def.pattern = time(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODuration = /* @__PURE__ */ $constructor("$ZodISODuration", (inst, def) => {
  def.pattern ?? (def.pattern = duration);
  $ZodStringFormat.init(inst, def);
});
var $ZodIPv4 = /* @__PURE__ */ $constructor("$ZodIPv4", (inst, def) => {
  def.pattern ?? (def.pattern = ipv4);
  $ZodStringFormat.init(inst, def);
});
var ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
  if (!ipv6Alphabet.test(value))
    return false;
  return canParseURL(`http://[${value}]`);
}
var $ZodIPv6 = /* @__PURE__ */ $constructor("$ZodIPv6", (inst, def) => {
  def.pattern ?? (def.pattern = ipv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidIPv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "ipv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCIDRv4 = /* @__PURE__ */ $constructor("$ZodCIDRv4", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv4);
  $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
  const parts = value.split("/");
  if (parts.length !== 2)
    return false;
  const [address, prefix] = parts;
  if (!prefix)
    return false;
  const prefixNum = Number(prefix);
  if (`${prefixNum}` !== prefix)
    return false;
  if (prefixNum < 0 || prefixNum > 128)
    return false;
  return isValidIPv6(address);
}
var $ZodCIDRv6 = /* @__PURE__ */ $constructor("$ZodCIDRv6", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidCIDRv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "cidrv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
function isValidBase64(data) {
  if (data === "")
    return true;
  if (/\s/.test(data))
    return false;
  if (data.length % 4 !== 0)
    return false;
  try {
    atob(data);
    return true;
  } catch {
    return false;
  }
}
var base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
var $ZodBase64 = /* @__PURE__ */ $constructor("$ZodBase64", (inst, def) => {
  def.pattern ?? (def.pattern = base64Charset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
  if (!base64urlCharset.test(data))
    return false;
  const base642 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/");
  const padded = base642.padEnd(Math.ceil(base642.length / 4) * 4, "=");
  return isValidBase64(padded);
}
var $ZodBase64URL = /* @__PURE__ */ $constructor("$ZodBase64URL", (inst, def) => {
  def.pattern ?? (def.pattern = base64urlCharset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64URL(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64url",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodE164 = /* @__PURE__ */ $constructor("$ZodE164", (inst, def) => {
  def.pattern ?? (def.pattern = e164);
  $ZodStringFormat.init(inst, def);
});
function isValidJWT(token, algorithm = null) {
  try {
    const tokensParts = token.split(".");
    if (tokensParts.length !== 3)
      return false;
    const [header] = tokensParts;
    if (!header)
      return false;
    const parsedHeader = JSON.parse(atob(header));
    if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
      return false;
    if (!parsedHeader.alg)
      return false;
    if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
      return false;
    return true;
  } catch {
    return false;
  }
}
var $ZodJWT = /* @__PURE__ */ $constructor("$ZodJWT", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidJWT(payload.value, def.alg))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "jwt",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodNumber = /* @__PURE__ */ $constructor("$ZodNumber", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = number;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Number(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
      return payload;
    }
    const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
    payload.issues.push({
      expected: "number",
      code: "invalid_type",
      input,
      inst,
      ...received ? { received } : {}
    });
    return payload;
  };
});
var $ZodNumberFormat = /* @__PURE__ */ $constructor("$ZodNumberFormat", (inst, def) => {
  $ZodCheckNumberFormat.init(inst, def);
  $ZodNumber.init(inst, def);
});
var $ZodBoolean = /* @__PURE__ */ $constructor("$ZodBoolean", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = boolean2;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Boolean(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "boolean")
      return payload;
    payload.issues.push({
      expected: "boolean",
      code: "invalid_type",
      input,
      inst
    });
    return payload;
  };
});
var $ZodNull = /* @__PURE__ */ $constructor("$ZodNull", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = _null;
  inst._zod.values = /* @__PURE__ */ new Set([null]);
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (input === null)
      return payload;
    payload.issues.push({
      expected: "null",
      code: "invalid_type",
      input,
      inst
    });
    return payload;
  };
});
var $ZodUnknown = /* @__PURE__ */ $constructor("$ZodUnknown", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload) => payload;
});
var $ZodNever = /* @__PURE__ */ $constructor("$ZodNever", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    payload.issues.push({
      expected: "never",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
function capSize(inst, size) {
  const caps = sizeCaps(inst._zod.def.checks);
  if (!caps.length)
    return;
  const cap = Math.min(...caps.map((c) => c[0]));
  const parse3 = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    const n = size(payload.value);
    if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
      for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
        if (n > max && ch._zod.def.when(payload)) {
          const start2 = payload.issues.length;
          ch._zod.check(payload);
          payload.issues[start2].continue = false;
          attachSchema(payload.issues, start2, inst);
          return payload;
        }
      }
    }
    return parse3(payload, ctx);
  };
}
var arraySize = (input) => Array.isArray(input) ? input.length : -1;
function handleArrayResult(result, final, index) {
  if (result.issues.length) {
    final.issues.push(...prefixIssues(index, result.issues));
  }
  final.value[index] = result.value;
}
var $ZodArray = /* @__PURE__ */ $constructor("$ZodArray", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!Array.isArray(input)) {
      payload.issues.push({
        expected: "array",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
    const proms = [];
    const abortEarly = ctx?.abortEarly;
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      const result = def.element._zod.run({
        value: item,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
      } else {
        handleArrayResult(result, payload, i);
        if (abortEarly && result.issues.length !== 0 && aborted(result))
          break;
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
  capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
  const isPresent = key in input;
  const isOptionalOut = optout === "optional";
  if (!isPresent && isOptionalOut && optin === "optional") {
    return;
  }
  if (result.issues.length) {
    if (optin !== void 0 && isOptionalOut && !isPresent) {
      return;
    }
    final.issues.push(...prefixIssues(key, result.issues));
  }
  if (!isPresent && optin === void 0) {
    if (!result.issues.length) {
      final.issues.push({
        code: "invalid_type",
        expected: "nonoptional",
        input: void 0,
        path: [key]
      });
    }
    return;
  }
  if (result.value === void 0) {
    if (isPresent || optin === "defaulted" && !isOptionalOut) {
      final.value[key] = void 0;
    }
  } else {
    final.value[key] = result.value;
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  const keys = Object.keys(def.shape);
  const ownSymbols = Object.getOwnPropertySymbols(def.shape);
  const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
  const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (const k of allKeys) {
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
    }
  }
  const okeys = optionalKeys(def.shape);
  return {
    ...def,
    allKeys,
    symbolKeys,
    // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
    keySet: new Set(keys),
    numKeys: keys.length,
    optionalKeys: new Set(okeys)
  };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
  const unrecognized = [];
  const keySet = def.keySet;
  const _catchall = def.catchall._zod;
  const t = _catchall.def.type;
  const optin = _catchall.optin;
  const optout = _catchall.optout;
  let seen = 0;
  for (const key in input) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen))
        break;
      seen = payload.issues.length;
    }
    if (keySet.has(key))
      continue;
    if (key === "__proto__") {
      if (t === "never")
        unrecognized.push(key);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key);
      continue;
    }
    const r = _catchall.run({ value: input[key], issues: [] }, ctx);
    if (r instanceof Promise) {
      proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
    } else {
      handlePropertyResult(r, payload, key, input, optin, optout);
    }
  }
  if (unrecognized.length) {
    payload.issues.push({
      code: "unrecognized_keys",
      keys: unrecognized,
      input,
      inst,
      // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
      continue: true
    });
  }
  if (!proms.length)
    return payload;
  return Promise.all(proms).then(() => {
    return payload;
  });
}
var $ZodObject = /* @__PURE__ */ $constructor("$ZodObject", (inst, def) => {
  $ZodType.init(inst, def);
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  const sh = desc?.get ? desc.get.raw : def.shape ?? {};
  if (sh) {
    const get = () => {
      const newSh = { ...sh };
      Object.defineProperty(def, "shape", { value: newSh });
      get.raw = newSh;
      return newSh;
    };
    get.raw = sh;
    Object.defineProperty(def, "shape", { get });
  }
  const _normalized = cached(() => normalizeDef(def));
  defineLazyInternal(inst, "propValues", (zod) => {
    const shape = zod.def.shape;
    const propValues = {};
    for (const key in shape) {
      const field = shape[key]._zod;
      if (field.values) {
        if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
          assignProp(propValues, key, /* @__PURE__ */ new Set());
        }
        for (const v of field.values)
          propValues[key].add(v);
        if (field.optin !== void 0)
          propValues[key].add(void 0);
      }
    }
    return propValues;
  });
  const isObject2 = isObject;
  const catchall = def.catchall;
  let value;
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject2(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
    const proms = [];
    const shape = value.shape;
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const key of value.allKeys) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      if (key === "__proto__")
        continue;
      const el = shape[key];
      const optin = el._zod.optin;
      const optout = el._zod.optout;
      const r = el._zod.run({ value: input[key], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
      } else {
        handlePropertyResult(r, payload, key, input, optin, optout);
      }
    }
    if (!catchall) {
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }
    return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
  };
});
var $ZodObjectJIT = /* @__PURE__ */ $constructor("$ZodObjectJIT", (inst, def) => {
  $ZodObject.init(inst, def);
  const superParse = inst._zod.parse;
  const _normalized = cached(() => normalizeDef(def));
  const memo2 = globalConfig.memoizer;
  const generateFastpass = (shape) => {
    const normalized = _normalized.value;
    const syms = normalized.symbolKeys;
    const doc = new Doc(["payload", "ctx"], { shape, inst, memo: memo2, syms });
    const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
    const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
    doc.write(`const input = payload.value;`);
    const ids = /* @__PURE__ */ Object.create(null);
    let counter = 0;
    for (const key of normalized.allKeys) {
      ids[key] = `key_${counter++}`;
    }
    doc.write(memo2 ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
    for (const key of normalized.allKeys) {
      if (key === "__proto__")
        continue;
      const id = ids[key];
      const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
      const isPresent = `${k} in input`;
      const schema = shape[key];
      const optin = schema?._zod?.optin;
      const isOptionalIn = optin !== void 0;
      const isOptionalOut = schema?._zod?.optout === "optional";
      doc.write(`const ${id} = ${parseStr(k)};`);
      if (isOptionalIn && isOptionalOut) {
        const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
        doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
      } else if (!isOptionalIn) {
        doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
      } else {
        doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
        if (optin === "defaulted") {
          doc.write(`newResult[${k}] = ${id}.value;`);
        } else {
          doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
        }
      }
    }
    doc.write(`payload.value = newResult;`);
    doc.write(`return payload;`);
    return doc.compile();
  };
  let fastpass;
  const isObject2 = isObject;
  const jit = !globalConfig.jitless;
  const allowsEval2 = allowsEval;
  const fastEnabled = jit && allowsEval2.value;
  const catchall = def.catchall;
  let value;
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject2(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
      if (!fastpass)
        fastpass = generateFastpass(def.shape);
      payload = fastpass(payload, ctx);
      if (!catchall)
        return payload;
      return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
    }
    return superParse(payload, ctx);
  };
});
function handleUnionResults(results, final, inst, ctx) {
  for (const result of results) {
    if (result.issues.length === 0) {
      final.value = result.value;
      return final;
    }
  }
  const nonaborted = results.filter((r) => !aborted(r));
  if (nonaborted.length === 1) {
    final.value = nonaborted[0].value;
    return nonaborted[0];
  }
  final.issues.push({
    code: "invalid_union",
    input: final.value,
    inst,
    errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
  });
  return final;
}
var $ZodUnion = /* @__PURE__ */ $constructor("$ZodUnion", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0);
  defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0);
  defineLazyInternal(inst, "values", (zod) => {
    if (zod.def.options.every((o) => o._zod.values)) {
      return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
    }
    return void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    if (zod.def.options.every((o) => o._zod.pattern)) {
      const patterns = zod.def.options.map((o) => o._zod.pattern);
      return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
    }
    return void 0;
  });
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) {
      return first(payload, ctx);
    }
    let async = false;
    const results = [];
    for (const option of def.options) {
      const result = option._zod.run({
        value: payload.value,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        results.push(result);
        async = true;
      } else {
        if (result.issues.length === 0)
          return result;
        results.push(result);
      }
    }
    if (!async)
      return handleUnionResults(results, payload, inst, ctx);
    return Promise.all(results).then((results2) => {
      return handleUnionResults(results2, payload, inst, ctx);
    });
  };
});
function discriminatorMap(def) {
  const map = /* @__PURE__ */ new Map();
  for (const option of def.options) {
    const values = option._zod.propValues?.[def.discriminator];
    if (!values || values.size === 0)
      throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
    for (const value of values) {
      if (map.has(value)) {
        if (value !== void 0)
          throw new Error(`Duplicate discriminator value "${String(value)}"`);
        map.set(value, null);
      } else {
        map.set(value, option);
      }
    }
  }
  return map;
}
var $ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("$ZodDiscriminatedUnion", (inst, def) => {
  def.inclusive = false;
  $ZodUnion.init(inst, def);
  const _super = inst._zod.parse;
  defineLazyInternal(inst, "propValues", (zod) => {
    const propValues = {};
    let undefinedCount = 0;
    for (const option of zod.def.options) {
      const pv = option._zod.propValues;
      if (!pv || Object.keys(pv).length === 0)
        throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
      if (pv[zod.def.discriminator]?.has(void 0))
        undefinedCount++;
      for (const [k, v] of Object.entries(pv)) {
        if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
          assignProp(propValues, k, /* @__PURE__ */ new Set());
        }
        for (const val of v) {
          propValues[k].add(val);
        }
      }
    }
    if (!zod.def.unionFallback && undefinedCount > 1)
      propValues[zod.def.discriminator]?.delete(void 0);
    return propValues;
  });
  def.options.forEach((option, i) => {
    const propShape = rawShape(option._zod.def);
    if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
      throw new Error(`Invalid discriminated union option at index "${i}"`);
    }
  });
  const disc = cached(() => discriminatorMap(def));
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!isObject(input)) {
      payload.issues.push({
        code: "invalid_type",
        expected: "object",
        input,
        inst
      });
      return payload;
    }
    const value = input?.[def.discriminator];
    const opt = disc.value.get(value);
    if (opt && (value !== void 0 || ctx.direction !== "backward")) {
      return opt._zod.run(payload, ctx);
    }
    if (def.unionFallback || ctx.direction === "backward") {
      return _super(payload, ctx);
    }
    payload.issues.push({
      code: "invalid_union",
      errors: [],
      note: "No matching discriminator",
      discriminator: def.discriminator,
      options: Array.from(disc.value.keys()).filter((value2) => disc.value.get(value2) !== null),
      input,
      path: [def.discriminator],
      inst
    });
    return payload;
  };
});
var $ZodIntersection = /* @__PURE__ */ $constructor("$ZodIntersection", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    const left = def.left._zod.run({ value: input, issues: [] }, ctx);
    const right = def.right._zod.run({ value: input, issues: [] }, ctx);
    const async = left instanceof Promise || right instanceof Promise;
    if (async) {
      return Promise.all([left, right]).then(([left2, right2]) => {
        return handleIntersectionResults(payload, left2, right2);
      });
    }
    return handleIntersectionResults(payload, left, right);
  };
});
function mergeValues(a, b) {
  if (a === b) {
    return { valid: true, data: a };
  }
  if (a instanceof Date && b instanceof Date && +a === +b) {
    return { valid: true, data: a };
  }
  if (isPlainObject2(a) && isPlainObject2(b)) {
    const bKeys = Object.keys(b);
    const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
    const newObj = { ...a, ...b };
    if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
      delete newObj.__proto__;
    for (const key of sharedKeys) {
      if (key === "__proto__")
        continue;
      const sharedValue = mergeValues(a[key], b[key]);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [key, ...sharedValue.mergeErrorPath]
        };
      }
      newObj[key] = sharedValue.data;
    }
    return { valid: true, data: newObj };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      return { valid: false, mergeErrorPath: [] };
    }
    const newArray = [];
    for (let index = 0; index < a.length; index++) {
      const itemA = a[index];
      const itemB = b[index];
      const sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
        };
      }
      newArray.push(sharedValue.data);
    }
    return { valid: true, data: newArray };
  }
  return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
  const unrecKeys = /* @__PURE__ */ new Map();
  let unrecIssue;
  const keyIssues = /* @__PURE__ */ new Map();
  const collect = (iss, side) => {
    let keys;
    if (iss.code === "unrecognized_keys" && !iss.path?.length) {
      unrecIssue ?? (unrecIssue = iss);
      keys = iss.keys;
    } else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
      const k = String(iss.path[0]);
      if (!keyIssues.has(k))
        keyIssues.set(k, iss);
      keys = [k];
    } else {
      return false;
    }
    for (const k of keys) {
      if (!unrecKeys.has(k))
        unrecKeys.set(k, {});
      unrecKeys.get(k)[side] = true;
    }
    return true;
  };
  for (const iss of left.issues) {
    if (!collect(iss, "l"))
      result.issues.push(iss);
  }
  for (const iss of right.issues) {
    if (!collect(iss, "r"))
      result.issues.push(iss);
  }
  const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
  if (bothKeys.length) {
    const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
    if (aggregated.length)
      result.issues.push({ ...unrecIssue, keys: aggregated });
    for (const k of bothKeys) {
      if (!aggregated.includes(k) && keyIssues.has(k))
        result.issues.push(keyIssues.get(k));
    }
  }
  const merged = mergeValues(left.value, right.value);
  if (!merged.valid) {
    if (aborted(result))
      return result;
    throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
  }
  result.value = merged.data;
  return result;
}
var $ZodRecord = /* @__PURE__ */ $constructor("$ZodRecord", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!isPlainObject2(input)) {
      payload.issues.push({
        expected: "record",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    const proms = [];
    const values = def.keyType._zod.values;
    if (values && !def.partial) {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      const recordKeys = /* @__PURE__ */ new Set();
      for (const key of values) {
        if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
          recordKeys.add(typeof key === "number" ? key.toString() : key);
          if (key === "__proto__")
            continue;
          const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
          if (keyResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (keyResult.issues.length) {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
            continue;
          }
          const outKey = keyResult.value;
          if (outKey === "__proto__")
            continue;
          const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
          if (result instanceof Promise) {
            proms.push(result.then((result2) => {
              if (result2.issues.length) {
                payload.issues.push(...prefixIssues(key, result2.issues));
              }
              payload.value[outKey] = result2.value;
            }));
          } else {
            if (result.issues.length) {
              payload.issues.push(...prefixIssues(key, result.issues));
            }
            payload.value[outKey] = result.value;
          }
        }
      }
      let unrecognized;
      for (const key in input) {
        if (!recordKeys.has(key)) {
          if (def.mode === "loose") {
            if (key === "__proto__")
              continue;
            payload.value[key] = input[key];
          } else {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          }
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    } else {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      let unrecognized;
      for (const key of Reflect.ownKeys(input)) {
        if (key === "__proto__")
          continue;
        if (!Object.prototype.propertyIsEnumerable.call(input, key))
          continue;
        let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
        if (keyResult instanceof Promise) {
          throw new Error("Async schemas not supported in object keys currently");
        }
        const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
        if (checkNumericKey) {
          const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
          if (retryResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (retryResult.issues.length === 0) {
            keyResult = retryResult;
          }
        }
        if (keyResult.issues.length) {
          if (def.mode === "loose") {
            payload.value[key] = input[key];
          } else if (values) {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          } else {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
          }
          continue;
        }
        const outKey = keyResult.value;
        if (outKey === "__proto__")
          continue;
        const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
        if (result instanceof Promise) {
          proms.push(result.then((result2) => {
            if (result2.issues.length) {
              payload.issues.push(...prefixIssues(key, result2.issues));
            }
            payload.value[outKey] = result2.value;
          }));
        } else {
          if (result.issues.length) {
            payload.issues.push(...prefixIssues(key, result.issues));
          }
          payload.value[outKey] = result.value;
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
});
var $ZodEnum = /* @__PURE__ */ $constructor("$ZodEnum", (inst, def) => {
  $ZodType.init(inst, def);
  const values = getEnumValues(def.entries);
  const valuesSet = new Set(values);
  inst._zod.values = valuesSet;
  defineLazyInternal(inst, "pattern", (zod) => {
    const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
    return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (valuesSet.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodLiteral = /* @__PURE__ */ $constructor("$ZodLiteral", (inst, def) => {
  $ZodType.init(inst, def);
  const values = new Set(def.values);
  inst._zod.values = values;
  defineLazyInternal(inst, "pattern", (zod) => {
    const vals = zod.def.values;
    return new RegExp(vals.length ? `^(${vals.map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (values.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values: def.values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodTransform = /* @__PURE__ */ $constructor("$ZodTransform", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "optional";
  globalConfig.memoizer?.guard(inst);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    const _out = def.transform(payload.value, payload);
    if (ctx.async) {
      const output = _out instanceof Promise ? _out : Promise.resolve(_out);
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    if (_out instanceof Promise) {
      throw new $ZodAsyncError();
    }
    payload.value = _out;
    return payload;
  };
});
function handleOptionalResult(payload, result) {
  payload.value = result.issues.length ? void 0 : result.value;
  return payload;
}
var $ZodOptional = /* @__PURE__ */ $constructor("$ZodOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  inst._zod.optout = "optional";
  defineLazyInternal(inst, "values", (zod) => {
    const values = zod.def.innerType._zod.values;
    return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern2 = zod.def.innerType._zod.pattern;
    return pattern2 ? new RegExp(`^(${cleanRegex(pattern2.source)})?$`) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === void 0) {
      if (def.innerType._zod.optin !== "defaulted")
        return payload;
      const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise)
        return result.then((result2) => handleOptionalResult(payload, result2));
      return handleOptionalResult(payload, result);
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodExactOptional = /* @__PURE__ */ $constructor("$ZodExactOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
  inst._zod.parse = (payload, ctx) => {
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNullable = /* @__PURE__ */ $constructor("$ZodNullable", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern2 = zod.def.innerType._zod.pattern;
    return pattern2 ? new RegExp(`^(${cleanRegex(pattern2.source)}|null)$`) : void 0;
  });
  defineLazyInternal(inst, "values", (zod) => {
    return zod.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod.def.innerType._zod.values, null]) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === null)
      return payload;
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodDefault = /* @__PURE__ */ $constructor("$ZodDefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
      return payload;
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleDefaultResult(result2, def));
    }
    return handleDefaultResult(result, def);
  };
});
function handleDefaultResult(payload, def) {
  if (payload.value === void 0) {
    payload.value = def.defaultValue;
  }
  return payload;
}
var $ZodPrefault = /* @__PURE__ */ $constructor("$ZodPrefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNonOptional = /* @__PURE__ */ $constructor("$ZodNonOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => {
    const v = zod.def.innerType._zod.values;
    return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleNonOptionalResult(result2, inst));
    }
    return handleNonOptionalResult(result, inst);
  };
});
function handleNonOptionalResult(payload, inst) {
  if (!payload.issues.length && payload.value === void 0) {
    payload.issues.push({
      code: "invalid_type",
      expected: "nonoptional",
      input: payload.value,
      inst
    });
  }
  return payload;
}
function handleCatchResult(payload, result, def, ctx) {
  if (!result.issues.length) {
    payload.value = result.value;
    if (result.memo)
      payload.memo = true;
    return payload;
  }
  payload.value = def.catchValue({
    ...result,
    value: payload.value,
    error: {
      issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config()))
    },
    input: payload.value
  });
  return payload;
}
var $ZodCatch = /* @__PURE__ */ $constructor("$ZodCatch", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleCatchResult(payload, result2, def, ctx));
    }
    return handleCatchResult(payload, result, def, ctx);
  };
});
var $ZodPipe = /* @__PURE__ */ $constructor("$ZodPipe", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      const right = def.out._zod.run(payload, ctx);
      if (right instanceof Promise) {
        return right.then((right2) => handlePipeResult(right2, def.in, ctx));
      }
      return handlePipeResult(right, def.in, ctx);
    }
    const left = def.in._zod.run(payload, ctx);
    if (left instanceof Promise) {
      return left.then((left2) => handlePipeResult(left2, def.out, ctx));
    }
    return handlePipeResult(left, def.out, ctx);
  };
});
function handlePipeResult(left, next, ctx) {
  if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
    left.aborted = true;
    return left;
  }
  return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
var $ZodPreprocess = /* @__PURE__ */ $constructor("$ZodPreprocess", (inst, def) => {
  $ZodPipe.init(inst, def);
});
var $ZodReadonly = /* @__PURE__ */ $constructor("$ZodReadonly", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then(handleReadonlyResult);
    }
    return handleReadonlyResult(result);
  };
});
function handleReadonlyResult(payload) {
  if (!payload.memo)
    payload.value = Object.freeze(payload.value);
  return payload;
}
var $ZodCustom = /* @__PURE__ */ $constructor("$ZodCustom", (inst, def) => {
  $ZodCheck.init(inst, def);
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _) => {
    return payload;
  };
  inst._zod.check = (payload) => {
    const input = payload.value;
    const r = def.fn(input);
    if (r instanceof Promise) {
      return r.then((r2) => handleRefineResult(r2, payload, input, inst));
    }
    handleRefineResult(r, payload, input, inst);
    return;
  };
});
function handleRefineResult(result, payload, input, inst) {
  if (!result) {
    const _iss = {
      code: "custom",
      input,
      inst,
      // incorporates params.error into issue reporting
      path: [...inst._zod.def.path ?? []],
      // incorporates params.error into issue reporting
      continue: !inst._zod.def.abort
      // params: inst._zod.def.params,
    };
    if (inst._zod.def.params)
      _iss.params = inst._zod.def.params;
    payload.issues.push(issue(_iss));
  }
}

// node_modules/zod/v4/core/memoizer.js
var $ZodCyclicError = class extends Error {
  constructor() {
    super(`Cannot parse a reference cycle that closes through a transform`);
    this.name = "ZodCyclicError";
  }
};
var STATE = "~memo";
var NO_ISSUES = [];
function isRef(value) {
  return value !== null && typeof value === "object";
}
function cloneIssues(issues) {
  return issues.map((iss) => iss.path ? { ...iss, path: iss.path.slice() } : { ...iss });
}
var recursive = /* @__PURE__ */ new WeakMap();
var NONE = 0;
var ASSUMED = 1;
var PROVEN = 2;
function isRecursive(inst, stack, resolve2) {
  const cached2 = recursive.get(inst);
  if (cached2 !== void 0)
    return cached2 ? PROVEN : NONE;
  if (stack.has(inst))
    return PROVEN;
  stack.add(inst);
  let result = NONE;
  const check = (child) => {
    if (result !== PROVEN && child?._zod) {
      const answer = isRecursive(child, stack, resolve2);
      if (answer > result)
        result = answer;
    }
  };
  const shape = (sh, spread) => {
    let answer = NONE;
    for (const key of Reflect.ownKeys(sh)) {
      const desc = Object.getOwnPropertyDescriptor(sh, key);
      if (spread && !desc.enumerable)
        continue;
      const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve2) : NONE;
      if (child > answer)
        answer = child;
    }
    return answer;
  };
  const merge2 = (answer) => {
    if (answer > result)
      result = answer;
  };
  const def = inst._zod.def;
  const kind = def.type;
  switch (kind) {
    case "object": {
      const raw = rawShape(def);
      merge2(raw ? shape(raw, true) : ASSUMED);
      check(def.catchall);
      break;
    }
    case "array":
      check(def.element);
      break;
    case "tuple":
      for (const el of def.items)
        check(el);
      check(def.rest);
      break;
    case "record":
    case "map":
      check(def.keyType);
      check(def.valueType);
      break;
    case "set":
      check(def.valueType);
      break;
    case "union":
      for (const el of def.options)
        check(el);
      break;
    case "intersection":
      check(def.left);
      check(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "promise":
    case "success":
      check(def.innerType);
      break;
    case "pipe":
      check(def.in);
      check(def.out);
      break;
    case "function":
      check(def.input);
      check(def.output);
      break;
    // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
    case "lazy": {
      const inner = def._cachedInner ?? (resolve2 ? inst._zod.innerType : void 0);
      merge2(inner ? isRecursive(inner, stack, false) : ASSUMED);
      break;
    }
    // a leaf by choice: `parts` are regex fragments, not data positions
    case "template_literal":
    // leaves
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "symbol":
    case "undefined":
    case "null":
    case "void":
    case "never":
    case "any":
    case "unknown":
    case "date":
    case "nan":
    case "enum":
    case "literal":
    case "file":
    case "transform":
    case "custom":
      break;
    default: {
      kind;
      for (const key in def) {
        const desc = Object.getOwnPropertyDescriptor(def, key);
        if (!desc || desc.get)
          continue;
        const value = desc.value;
        if (!value || typeof value !== "object")
          continue;
        if (value._zod)
          check(value);
        else if (Array.isArray(value))
          for (const el of value)
            check(el);
      }
    }
  }
  stack.delete(inst);
  return settle(inst, result);
}
function settle(inst, answer) {
  if (answer !== ASSUMED)
    recursive.set(inst, answer === PROVEN);
  return answer;
}
function bucketFor(state, inst) {
  let bucket = state.buckets.get(inst);
  if (!bucket) {
    bucket = /* @__PURE__ */ new WeakMap();
    state.buckets.set(inst, bucket);
  }
  return bucket;
}
var handoff;
var open = [];
var memo = {
  alloc(_inst, payload, empty) {
    const bucket = handoff;
    if (!bucket)
      return empty;
    handoff = void 0;
    const entry = { value: empty, issues: null };
    bucket.set(payload.value, entry);
    open.push(entry);
    return empty;
  },
  guard(inst) {
    var _a3;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
          throw new $ZodCyclicError();
        return base(payload, ctx);
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  },
  attach(inst) {
    var _a3;
    let isRecursiveInst;
    let rechecked = false;
    let lastCtx;
    let lastBucket;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (isRecursiveInst === void 0) {
          const walked = isRecursive(inst, /* @__PURE__ */ new Set(), false);
          if (walked === NONE) {
            inst._zod.parse = base;
            if (inst._zod.run === wrapped)
              inst._zod.run = base;
            return base(payload, ctx);
          }
          if (walked === PROVEN || rechecked)
            isRecursiveInst = true;
          else
            rechecked = true;
        }
        const input = payload.value;
        if (!isRef(input))
          return base(payload, ctx);
        let state = ctx[STATE];
        if (!state) {
          state = { buckets: /* @__PURE__ */ new WeakMap(), backEdges: void 0 };
          ctx[STATE] = state;
        }
        let bucket;
        if (lastCtx === ctx) {
          bucket = lastBucket;
        } else {
          bucket = bucketFor(state, inst);
          lastCtx = ctx;
          lastBucket = bucket;
        }
        const hit = bucket.get(input);
        if (hit) {
          payload.value = hit.value;
          if (hit.issues) {
            if (hit.issues.length)
              payload.issues.push(...cloneIssues(hit.issues));
          } else {
            payload.memo = true;
            state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet());
            state.backEdges.add(hit.value);
          }
          return payload;
        }
        handoff = bucket;
        const depth = open.length;
        const result = base(payload, ctx);
        handoff = void 0;
        const entry = open.length > depth ? open.pop() : void 0;
        if (result instanceof Promise) {
          return result.then((r) => {
            if (entry)
              entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
            return r;
          });
        }
        if (entry)
          entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
        return result;
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  }
};
function memoizer() {
  return memo;
}
function isBackEdge(ctx, value) {
  const backEdges = ctx[STATE]?.backEdges;
  return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}

// node_modules/zod/v4/locales/en.js
var error = () => {
  const Sizable = {
    string: { unit: "characters", verb: "to have" },
    file: { unit: "bytes", verb: "to have" },
    array: { unit: "items", verb: "to have" },
    set: { unit: "items", verb: "to have" },
    map: { unit: "entries", verb: "to have" }
  };
  function getSizing(origin) {
    return Sizable[origin] ?? null;
  }
  const FormatDictionary = {
    regex: "input",
    email: "email address",
    url: "URL",
    emoji: "emoji",
    uuid: "UUID",
    uuidv4: "UUIDv4",
    uuidv6: "UUIDv6",
    nanoid: "nanoid",
    guid: "GUID",
    cuid: "cuid",
    cuid2: "cuid2",
    ulid: "ULID",
    xid: "XID",
    ksuid: "KSUID",
    datetime: "ISO datetime",
    date: "ISO date",
    time: "ISO time",
    duration: "ISO duration",
    ipv4: "IPv4 address",
    ipv6: "IPv6 address",
    mac: "MAC address",
    cidrv4: "IPv4 range",
    cidrv6: "IPv6 range",
    base64: "base64-encoded string",
    base64url: "base64url-encoded string",
    json_string: "JSON string",
    e164: "E.164 number",
    currency_code: "currency code",
    credit_card: "credit card number",
    iban: "IBAN",
    jwt: "JWT",
    template_literal: "input"
  };
  const TypeDictionary = {
    // Compatibility: "nan" -> "NaN" for display
    nan: "NaN"
    // All other type names omitted - they fall back to raw values via ?? operator
  };
  function getTypeName(type, input) {
    if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
      return String(input);
    }
    return TypeDictionary[type] ?? type;
  }
  return (issue2) => {
    switch (issue2.code) {
      case "invalid_type": {
        const expected = getTypeName(issue2.expected);
        const receivedType = parsedType(issue2.input);
        const received = getTypeName(receivedType, issue2.input);
        return `Invalid input: expected ${expected}, received ${received}`;
      }
      case "invalid_value":
        if (issue2.values.length === 1)
          return `Invalid input: expected ${stringifyPrimitive(issue2.values[0])}`;
        return `Invalid option: expected one of ${joinValues(issue2.values, "|")}`;
      case "too_big": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? "<=" : "<";
        const sizing = getSizing(issue2.origin);
        if (sizing)
          return `Too big: expected ${issue2.origin ?? "value"} to have ${adj}${issue2.maximum.toString()} ${sizing.unit ?? "elements"}`;
        return `Too big: expected ${issue2.origin ?? "value"} to be ${adj}${issue2.maximum.toString()}`;
      }
      case "too_small": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? ">=" : ">";
        const sizing = getSizing(issue2.origin);
        if (sizing) {
          return `Too small: expected ${issue2.origin} to have ${adj}${issue2.minimum.toString()} ${sizing.unit}`;
        }
        return `Too small: expected ${issue2.origin} to be ${adj}${issue2.minimum.toString()}`;
      }
      case "invalid_format": {
        const _issue = issue2;
        if (_issue.format === "starts_with") {
          return `Invalid string: must start with "${_issue.prefix}"`;
        }
        if (_issue.format === "ends_with")
          return `Invalid string: must end with "${_issue.suffix}"`;
        if (_issue.format === "includes")
          return `Invalid string: must include "${_issue.includes}"`;
        if (_issue.format === "regex")
          return `Invalid string: must match pattern ${_issue.pattern}`;
        return `Invalid ${FormatDictionary[_issue.format] ?? issue2.format}`;
      }
      case "not_multiple_of":
        return `Invalid number: must be a multiple of ${issue2.divisor}`;
      case "unrecognized_keys":
        return `Unrecognized key${issue2.keys.length > 1 ? "s" : ""}: ${joinValues(issue2.keys, ", ")}`;
      case "invalid_key":
        return `Invalid key in ${issue2.origin}`;
      case "invalid_union":
        if (issue2.options && Array.isArray(issue2.options) && issue2.options.length > 0) {
          const opts = issue2.options.map((o) => `'${o}'`).join(" | ");
          return `Invalid discriminator value. Expected ${opts}`;
        }
        if (issue2.inclusive === false) {
          return "Invalid input: more than one option matched";
        }
        return "Invalid input";
      case "invalid_element":
        return `Invalid value in ${issue2.origin}`;
      default:
        return `Invalid input`;
    }
  };
};
function en_default() {
  return {
    localeError: error()
  };
}

// node_modules/zod/v4/core/registries.js
var _a2;
var $ZodRegistry = class {
  constructor() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
  }
  add(schema, ..._meta) {
    const meta2 = _meta[0];
    this._map.set(schema, meta2);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.set(meta2.id, schema);
    }
    return this;
  }
  clear() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
    return this;
  }
  remove(schema) {
    const meta2 = this._map.get(schema);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.delete(meta2.id);
    }
    this._map.delete(schema);
    return this;
  }
  get(schema) {
    const p = schema._zod.parent;
    if (p) {
      const pm = { ...this.get(p) ?? {} };
      delete pm.id;
      const f = { ...pm, ...this._map.get(schema) };
      return Object.keys(f).length ? f : void 0;
    }
    return this._map.get(schema);
  }
  has(schema) {
    return this._map.has(schema);
  }
};
function registry() {
  return new $ZodRegistry();
}
(_a2 = globalThis).__zod_globalRegistry ?? (_a2.__zod_globalRegistry = registry());
var globalRegistry = globalThis.__zod_globalRegistry;

// node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
  if (def.checks)
    def.checks = [...def.checks];
  return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class2, params) {
  return new Class2({
    type: "string",
    format: "email",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class2, params) {
  return new Class2({
    type: "string",
    format: "guid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v4",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v6",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v7",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _url(Class2, params) {
  return new Class2({
    type: "string",
    format: "url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _emoji2(Class2, params) {
  return new Class2({
    type: "string",
    format: "emoji",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class2, params) {
  return new Class2({
    type: "string",
    format: "nanoid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid2",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ulid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class2, params) {
  return new Class2({
    type: "string",
    format: "xid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ksuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class2, params) {
  return new Class2({
    type: "string",
    format: "e164",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class2, params) {
  return new Class2({
    type: "string",
    format: "jwt",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "datetime",
    check: "string_format",
    offset: false,
    local: false,
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class2, params) {
  return new Class2({
    type: "string",
    format: "date",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "time",
    check: "string_format",
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class2, params) {
  return new Class2({
    type: "string",
    format: "duration",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _number(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "safeint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class2, params) {
  return new Class2({
    type: "boolean",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _null2(Class2, params) {
  return new Class2({
    type: "null",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class2) {
  return new Class2({
    type: "unknown"
  });
}
// @__NO_SIDE_EFFECTS__
function _never(Class2, params) {
  return new Class2({
    type: "never",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
  return new $ZodCheckMultipleOf({
    check: "multiple_of",
    ...normalizeParams(params),
    value
  });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
  const ch = new $ZodCheckMaxLength({
    check: "max_length",
    ...normalizeParams(params),
    maximum
  });
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
  return new $ZodCheckMinLength({
    check: "min_length",
    ...normalizeParams(params),
    minimum
  });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
  return new $ZodCheckLengthEquals({
    check: "length_equals",
    ...normalizeParams(params),
    length
  });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern2, params) {
  return new $ZodCheckRegex({
    check: "string_format",
    format: "regex",
    ...normalizeParams(params),
    pattern: pattern2
  });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
  return new $ZodCheckLowerCase({
    check: "string_format",
    format: "lowercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
  return new $ZodCheckUpperCase({
    check: "string_format",
    format: "uppercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
  return new $ZodCheckIncludes({
    check: "string_format",
    format: "includes",
    ...normalizeParams(params),
    includes
  });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
  return new $ZodCheckStartsWith({
    check: "string_format",
    format: "starts_with",
    ...normalizeParams(params),
    prefix
  });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
  return new $ZodCheckEndsWith({
    check: "string_format",
    format: "ends_with",
    ...normalizeParams(params),
    suffix
  });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
  return new $ZodCheckOverwrite({
    check: "overwrite",
    tx
  });
}
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
  return /* @__PURE__ */ _overwrite((input) => input.normalize(form));
}
// @__NO_SIDE_EFFECTS__
function _trim() {
  return /* @__PURE__ */ _overwrite((input) => input.trim());
}
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function _slugify() {
  return /* @__PURE__ */ _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class2, element, params) {
  return new Class2({
    type: "array",
    element,
    // get element() {
    //   return element;
    // },
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class2, fn, _params) {
  const norm = normalizeParams(_params);
  norm.abort ?? (norm.abort = true);
  const schema = new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...norm
  });
  return schema;
}
// @__NO_SIDE_EFFECTS__
function _refine(Class2, fn, _params) {
  const schema = new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...normalizeParams(_params)
  });
  return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
  const ch = /* @__PURE__ */ _check((payload) => {
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(issue(issue2, payload.value, ch._zod.def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = ch);
        _issue.continue ?? (_issue.continue = !ch._zod.def.abort);
        payload.issues.push(issue(_issue));
      }
    };
    return fn(payload.value, payload);
  }, params);
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
  const ch = new $ZodCheck({
    check: "custom",
    ...normalizeParams(params)
  });
  ch._zod.check = fn;
  return ch;
}

// node_modules/zod/v4/core/to-json-schema.js
function assignProps(target, ...sources) {
  for (const source of sources) {
    for (const key of Reflect.ownKeys(source)) {
      if (Object.prototype.propertyIsEnumerable.call(source, key)) {
        assignProp(target, key, source[key]);
      }
    }
  }
  return target;
}
function initializeContext(params) {
  let target = params?.target ?? "draft-2020-12";
  if (target === "draft-4")
    target = "draft-04";
  if (target === "draft-7")
    target = "draft-07";
  return {
    processors: params.processors ?? {},
    metadataRegistry: params?.metadata ?? globalRegistry,
    target,
    unrepresentable: params?.unrepresentable ?? "throw",
    override: params?.override ?? (() => {
    }),
    io: params?.io ?? "output",
    counter: 0,
    seen: /* @__PURE__ */ new Map(),
    sharedDefsExtractedFor: void 0,
    sharedEmitDoneFor: void 0,
    cycles: params?.cycles ?? "ref",
    reused: params?.reused ?? "inline",
    intersections: [],
    deferred: [],
    external: params?.external ?? void 0
  };
}
function handleUnrepresentable(schema, ctx, json, params, message) {
  const result = typeof ctx.unrepresentable === "function" ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message }) : ctx.unrepresentable;
  if (result === "any")
    return false;
  if (result === void 0 || result === "throw")
    throw new Error(message);
  Object.assign(json, result);
  return true;
}
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
  var _a3;
  const def = schema._zod.def;
  const seen = ctx.seen.get(schema);
  if (seen) {
    seen.count++;
    const isCycle = _params.schemaPath.includes(schema);
    if (isCycle) {
      seen.cycle = _params.path;
    }
    return seen.schema;
  }
  const result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
  ctx.seen.set(schema, result);
  ctx.sharedDefsExtractedFor = void 0;
  ctx.sharedEmitDoneFor = void 0;
  const overrideSchema = schema._zod.toJSONSchema?.();
  if (overrideSchema) {
    result.schema = overrideSchema;
  } else {
    const params = {
      ..._params,
      schemaPath: [..._params.schemaPath, schema],
      path: _params.path
    };
    if (schema._zod.processJSONSchema) {
      schema._zod.processJSONSchema(ctx, result.schema, params);
    } else {
      const _json = result.schema;
      const processor = ctx.processors[def.type];
      if (!processor) {
        throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
      }
      processor(schema, ctx, _json, params);
    }
    const parent = schema._zod.parent;
    if (parent) {
      if (!result.ref)
        result.ref = parent;
      processSchema(parent, ctx, params);
      ctx.seen.get(parent).isParent = true;
    }
  }
  const meta2 = ctx.metadataRegistry.get(schema);
  if (meta2)
    assignProps(result.schema, meta2);
  if (ctx.io === "input" && isTransforming(schema)) {
    delete result.schema.examples;
    delete result.schema.default;
  }
  if (ctx.io === "input" && "_prefault" in result.schema)
    (_a3 = result.schema).default ?? (_a3.default = result.schema._prefault);
  delete result.schema._prefault;
  const _result = ctx.seen.get(schema);
  return _result.schema;
}
function encodeJSONPointerSegment(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
    return;
  const idToSchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.entries()) {
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      const existing = idToSchema.get(id);
      if (existing && existing !== entry[0]) {
        throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
      }
      idToSchema.set(id, entry[0]);
    }
  }
  const makeURI = (entry) => {
    const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
    if (ctx.external) {
      const externalId = ctx.external.registry.get(entry[0])?.id;
      const uriGenerator = ctx.external.uri ?? ((id2) => id2);
      if (externalId) {
        return { ref: uriGenerator(externalId) };
      }
      const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
      entry[1].defId = id;
      return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
    }
    const uriPrefix = `#`;
    const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
    if (entry[1] === root && !entry[1].schema.id) {
      return { ref: uriPrefix };
    }
    const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
    return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
  };
  const extractToDef = (entry) => {
    if (entry[1].schema.$ref) {
      return;
    }
    const seen = entry[1];
    const { ref, defId } = makeURI(entry);
    seen.def = { ...seen.schema };
    if (defId)
      seen.defId = defId;
    const schema2 = seen.schema;
    for (const key in schema2) {
      delete schema2[key];
    }
    schema2.$ref = ref;
  };
  if (ctx.cycles === "throw") {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.cycle) {
        throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
      }
    }
  }
  for (const entry of ctx.seen.entries()) {
    const seen = entry[1];
    if (schema === entry[0]) {
      extractToDef(entry);
      continue;
    }
    if (ctx.external) {
      const ext = ctx.external.registry.get(entry[0])?.id;
      if (schema !== entry[0] && ext) {
        extractToDef(entry);
        continue;
      }
    }
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      extractToDef(entry);
      continue;
    }
    if (seen.cycle) {
      extractToDef(entry);
      continue;
    }
    if (seen.count > 1) {
      if (ctx.reused === "ref") {
        extractToDef(entry);
      }
    }
  }
  if (ctx.external)
    ctx.sharedDefsExtractedFor = ctx.external;
}
function compactTypeUnion(schema) {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0)
    return;
  const types = [];
  for (const option of options) {
    if (!option || typeof option !== "object")
      return;
    compactTypeUnion(option);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== "type")
      return;
    const type = option.type;
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member !== "string")
        return;
      if (!types.includes(member))
        types.push(member);
    }
  }
  delete schema.anyOf;
  schema.type = types.length === 1 ? types[0] : types;
}
var FOLDABLE_KEYS = /* @__PURE__ */ new Set(["type", "properties", "required", "additionalProperties"]);
var UNION_KEYS = ["oneOf", "anyOf"];
function undeclaredConstraint(member) {
  const extra = member.additionalProperties;
  if (extra === void 0 || extra === false || typeof extra !== "object" || extra === null)
    return null;
  return Object.keys(extra).length ? extra : null;
}
function foldObjects(members2) {
  const objects = [];
  for (const member of members2) {
    if (typeof member !== "object" || member.type !== "object")
      return null;
    for (const key in member) {
      if (!FOLDABLE_KEYS.has(key))
        return null;
    }
    objects.push(member);
  }
  const properties = {};
  const required2 = /* @__PURE__ */ new Set();
  for (const object3 of objects) {
    for (const key in object3.properties) {
      if (Object.prototype.hasOwnProperty.call(properties, key))
        continue;
      const parts = [];
      for (const other of objects) {
        const part = other.properties?.[key] ?? undeclaredConstraint(other);
        if (part === null || part === void 0)
          continue;
        if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
          parts.push(part);
      }
      const merged = parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts };
      assignProp(properties, key, merged);
    }
    for (const key of object3.required ?? [])
      required2.add(key);
  }
  const folded = { type: "object", properties };
  if (required2.size)
    folded.required = [...required2];
  if (objects.every((object3) => object3.additionalProperties === false)) {
    folded.additionalProperties = false;
  } else {
    const constraints = [];
    for (const object3 of objects) {
      const constraint = undeclaredConstraint(object3);
      if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
        constraints.push(constraint);
    }
    if (constraints.length === 1)
      folded.additionalProperties = constraints[0];
    else if (constraints.length > 1)
      folded.additionalProperties = { allOf: constraints };
  }
  return folded;
}
function foldIntersection(json) {
  const allOf = json.allOf;
  if (!Array.isArray(allOf) || allOf.length < 2)
    return;
  for (const key of FOLDABLE_KEYS)
    if (key in json)
      return;
  const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
  let folded = null;
  if (!unions.length) {
    folded = foldObjects(allOf);
  } else {
    const union2 = unions[0];
    const keyword = UNION_KEYS.find((k) => Array.isArray(union2[k]));
    if (Object.keys(union2).length !== 1)
      return;
    const rest = allOf.filter((m) => m !== union2);
    const branches = union2[keyword].map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b))
      return;
    folded = { [keyword]: branches };
  }
  if (!folded)
    return;
  delete json.allOf;
  assignProps(json, folded);
}
function finalize(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  const flattenRef = (zodSchema) => {
    const seen = ctx.seen.get(zodSchema);
    if (seen.ref === null)
      return;
    const schema2 = seen.def ?? seen.schema;
    const _cached = { ...schema2 };
    const ref = seen.ref;
    seen.ref = null;
    if (ref) {
      flattenRef(ref);
      const refSeen = ctx.seen.get(ref);
      const refSchema = refSeen.schema;
      if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
        schema2.allOf = schema2.allOf ?? [];
        schema2.allOf.push(refSchema);
      } else {
        assignProps(schema2, refSchema);
      }
      assignProps(schema2, _cached);
      const isParentRef = zodSchema._zod.parent === ref;
      if (isParentRef) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (!(key in _cached)) {
            delete schema2[key];
          }
        }
      }
      if (refSchema.$ref && refSeen.def) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (key in refSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(refSeen.def[key])) {
            delete schema2[key];
          }
        }
      }
    }
    const parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flattenRef(parent);
      const parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref) {
        schema2.$ref = parentSeen.schema.$ref;
        if (parentSeen.def) {
          for (const key in schema2) {
            if (key === "$ref" || key === "allOf")
              continue;
            if (key in parentSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(parentSeen.def[key])) {
              delete schema2[key];
            }
          }
        }
      }
    }
    ctx.override({
      zodSchema,
      jsonSchema: schema2,
      path: seen.path ?? []
    });
  };
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of [...ctx.seen.entries()].reverse()) {
      flattenRef(entry[0]);
    }
    if (ctx.target !== "openapi-3.0") {
      for (const entry of ctx.seen.entries()) {
        compactTypeUnion(entry[1].def ?? entry[1].schema);
      }
    }
    for (const rewrite of ctx.deferred)
      rewrite();
    if (ctx.intersections.length) {
      const carriers = /* @__PURE__ */ new Map();
      for (const seen of ctx.seen.values()) {
        for (const json of [seen.schema, seen.def]) {
          const allOf = json?.allOf;
          if (!Array.isArray(allOf))
            continue;
          const existing = carriers.get(allOf);
          if (existing)
            existing.push(json);
          else
            carriers.set(allOf, [json]);
        }
      }
      for (const allOf of ctx.intersections) {
        for (const json of carriers.get(allOf) ?? [])
          foldIntersection(json);
      }
    }
  }
  const result = {};
  if (ctx.target === "draft-2020-12") {
    result.$schema = "https://json-schema.org/draft/2020-12/schema";
  } else if (ctx.target === "draft-07") {
    result.$schema = "http://json-schema.org/draft-07/schema#";
  } else if (ctx.target === "draft-04") {
    result.$schema = "http://json-schema.org/draft-04/schema#";
  } else if (ctx.target === "openapi-3.0") {
  } else {
  }
  if (ctx.external?.uri) {
    const id = ctx.external.registry.get(schema)?.id;
    if (!id)
      throw new Error("Schema is missing an `id` property");
    result.$id = ctx.external.uri(id);
  }
  assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
  const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
  if (rootMetaId !== void 0 && result.id === rootMetaId)
    delete result.id;
  const defs = ctx.external?.defs ?? {};
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.def && seen.defId) {
        if (seen.def.id === seen.defId)
          delete seen.def.id;
        assignProp(defs, seen.defId, seen.def);
      }
    }
  }
  if (ctx.external)
    ctx.sharedEmitDoneFor = ctx.external;
  if (ctx.external) {
  } else {
    if (Object.keys(defs).length > 0) {
      if (ctx.target === "draft-2020-12") {
        result.$defs = defs;
      } else {
        result.definitions = defs;
      }
    }
  }
  try {
    const finalized = JSON.parse(JSON.stringify(result));
    Object.defineProperty(finalized, "~standard", {
      value: {
        ...schema["~standard"],
        jsonSchema: {
          input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
          output: createStandardJSONSchemaMethod(schema, "output", ctx.processors)
        }
      },
      enumerable: false,
      writable: false
    });
    return finalized;
  } catch (_err) {
    throw new Error("Error converting schema to JSON.");
  }
}
function isTransforming(_schema, _ctx) {
  const ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
  if (ctx.seen.has(_schema))
    return false;
  ctx.seen.add(_schema);
  const def = _schema._zod.def;
  if (def.type === "transform")
    return true;
  if (def.type === "array")
    return isTransforming(def.element, ctx);
  if (def.type === "set")
    return isTransforming(def.valueType, ctx);
  if (def.type === "lazy")
    return isTransforming(def.getter(), ctx);
  if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch") {
    return isTransforming(def.innerType, ctx);
  }
  if (def.type === "intersection") {
    return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
  }
  if (def.type === "record" || def.type === "map") {
    return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
  }
  if (def.type === "pipe") {
    if (_schema._zod.traits.has("$ZodCodec"))
      return true;
    return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
  }
  if (def.type === "object") {
    for (const key in def.shape) {
      if (isTransforming(def.shape[key], ctx))
        return true;
    }
    return false;
  }
  if (def.type === "union") {
    for (const option of def.options) {
      if (isTransforming(option, ctx))
        return true;
    }
    return false;
  }
  if (def.type === "tuple") {
    for (const item of def.items) {
      if (isTransforming(item, ctx))
        return true;
    }
    if (def.rest && isTransforming(def.rest, ctx))
      return true;
    return false;
  }
  return false;
}
var createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
  const ctx = initializeContext({ ...params, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};
var createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
  const { libraryOptions, target } = params ?? {};
  const ctx = initializeContext({ ...libraryOptions ?? {}, target, io, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};

// node_modules/zod/v4/core/json-schema-processors.js
var narrowMin = (agg, key, value) => {
  if (agg[key] === void 0 || value > agg[key])
    agg[key] = value;
};
var narrowMax = (agg, key, value) => {
  if (agg[key] === void 0 || value < agg[key])
    agg[key] = value;
};
var narrowBoth = (agg, value) => {
  narrowMin(agg, "minimum", value);
  narrowMax(agg, "maximum", value);
};
var addDivisor = (agg, value) => {
  agg.multipleOf ?? (agg.multipleOf = []);
  if (!agg.multipleOf.includes(value))
    agg.multipleOf.push(value);
};
var addPattern = (agg, pattern2) => {
  agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set());
  agg.patterns.add(pattern2);
};
var intersectMime = (agg, mime) => {
  agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
var setFormat = (agg, format) => {
  agg.format = format;
  if (format.includes("int"))
    agg.isInt = true;
};
var minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
var maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
var formatContributor = (ranges) => (agg, def) => {
  setFormat(agg, def.format);
  const [minimum, maximum] = ranges[def.format];
  narrowMin(agg, "minimum", minimum);
  narrowMax(agg, "maximum", maximum);
};
var contributors = {
  greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
  less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
  multiple_of: (agg, def) => addDivisor(agg, def.value),
  number_format: formatContributor(NUMBER_FORMAT_RANGES),
  bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
  min_length: minContributor,
  max_length: maxContributor,
  length_equals: (agg, def) => narrowBoth(agg, def.length),
  min_size: minContributor,
  max_size: maxContributor,
  size_equals: (agg, def) => narrowBoth(agg, def.size),
  string_format: (agg, def) => {
    setFormat(agg, def.format);
    if (def.pattern)
      addPattern(agg, def.pattern);
    if (def.format === "base64" || def.format === "base64url")
      agg.contentEncoding = def.format;
    if (def.local || def.precision === -1)
      agg.laxFormat = true;
  },
  mime_type: (agg, def) => intersectMime(agg, def.mime)
};
function aggregateChecks(schema) {
  const agg = {};
  const def = schema._zod.def;
  const list = schema._zod.traits.has("$ZodCheck") ? [schema, ...def.checks ?? []] : def.checks ?? [];
  for (const ch of list)
    contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  const bag = schema._zod.bag;
  if (bag.minimum !== void 0)
    narrowMin(agg, "minimum", bag.minimum);
  if (bag.exclusiveMinimum !== void 0)
    narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
  if (bag.maximum !== void 0)
    narrowMax(agg, "maximum", bag.maximum);
  if (bag.exclusiveMaximum !== void 0)
    narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
  if (bag.multipleOf !== void 0)
    addDivisor(agg, bag.multipleOf);
  if (bag.format !== void 0) {
    agg.format ?? (agg.format = bag.format);
    if (bag.format.includes("int"))
      agg.isInt = true;
  }
  if (bag.mime)
    intersectMime(agg, bag.mime);
  for (const pattern2 of bag.patterns ?? [])
    addPattern(agg, pattern2);
  return agg;
}
var formatMap = {
  guid: "uuid",
  url: "uri",
  datetime: "date-time",
  json_string: "json-string",
  regex: ""
  // do not set
};
var exactPatterns = /* @__PURE__ */ new Map([
  [base64Charset, base64],
  [base64urlCharset, base64url]
]);
var exactPattern = (p) => exactPatterns.get(p) ?? p;
var stringProcessor = (schema, ctx, _json, _params) => {
  const json = _json;
  json.type = "string";
  const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minLength = minimum;
  if (typeof maximum === "number")
    json.maxLength = maximum;
  if (format) {
    json.format = formatMap[format] ?? format;
    if (json.format === "")
      delete json.format;
    if (format === "time" || laxFormat) {
      delete json.format;
    }
  }
  if (contentEncoding)
    json.contentEncoding = contentEncoding;
  if (patterns && patterns.size > 0) {
    const patternList = [...patterns].map(exactPattern);
    if (patternList.length === 1)
      json.pattern = patternList[0].source;
    else if (patternList.length > 1) {
      json.allOf = [
        ...patternList.map((regex2) => ({
          ...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
          pattern: regex2.source
        }))
      ];
    }
  }
};
var numberProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
  json.type = isInt ? "integer" : "number";
  const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
  const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
  const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
  if (exMin) {
    if (legacy) {
      json.minimum = exclusiveMinimum;
      json.exclusiveMinimum = true;
    } else {
      json.exclusiveMinimum = exclusiveMinimum;
    }
  } else if (typeof minimum === "number") {
    json.minimum = minimum;
  }
  if (exMax) {
    if (legacy) {
      json.maximum = exclusiveMaximum;
      json.exclusiveMaximum = true;
    } else {
      json.exclusiveMaximum = exclusiveMaximum;
    }
  } else if (typeof maximum === "number") {
    json.maximum = maximum;
  }
  if (multipleOf) {
    const divisors = /* @__PURE__ */ new Set();
    for (const divisor of multipleOf) {
      if (Number.isFinite(divisor) && divisor !== 0)
        divisors.add(Math.abs(divisor));
      else
        handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
    }
    const [first, ...rest] = divisors;
    if (first !== void 0)
      json.multipleOf = first;
    if (rest.length)
      json.allOf = [...json.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))];
  }
};
var booleanProcessor = (_schema, _ctx, json, _params) => {
  json.type = "boolean";
};
var nullProcessor = (_schema, ctx, json, _params) => {
  if (ctx.target === "openapi-3.0") {
    json.type = "string";
    json.nullable = true;
    json.enum = [null];
  } else {
    json.type = "null";
  }
};
var neverProcessor = (_schema, _ctx, json, _params) => {
  json.not = {};
};
var unknownProcessor = (_schema, _ctx, _json, _params) => {
};
var enumProcessor = (schema, _ctx, json, _params) => {
  const def = schema._zod.def;
  const values = getEnumValues(def.entries);
  if (values.length === 0) {
    json.not = {};
    return;
  }
  if (values.every((v) => typeof v === "number"))
    json.type = "number";
  if (values.every((v) => typeof v === "string"))
    json.type = "string";
  json.enum = values;
};
var literalProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  if (def.values.length === 0) {
    json.not = {};
    return;
  }
  const vals = [];
  for (const val of def.values) {
    if (val === void 0) {
      if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
        return;
    } else if (typeof val === "bigint") {
      if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
        return;
      vals.push(Number(val));
    } else {
      vals.push(val);
    }
  }
  if (vals.length === 0) {
  } else if (vals.length === 1) {
    const val = vals[0];
    json.type = val === null ? "null" : typeof val;
    if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
      json.enum = [val];
    } else {
      json.const = val;
    }
  } else {
    if (vals.every((v) => typeof v === "number"))
      json.type = "number";
    if (vals.every((v) => typeof v === "string"))
      json.type = "string";
    if (vals.every((v) => typeof v === "boolean"))
      json.type = "boolean";
    if (vals.every((v) => v === null))
      json.type = "null";
    json.enum = vals;
  }
};
var customProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
var transformProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
var arrayProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const { minimum, maximum } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minItems = minimum;
  if (typeof maximum === "number")
    json.maxItems = maximum;
  json.type = "array";
  json.items = processSchema(def.element, ctx, {
    ...params,
    path: [...params.path, "items"]
  });
};
function inputOptin(schema) {
  const def = schema._zod.def;
  if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
    return inputOptin(def.out);
  }
  if (def.type === "catch") {
    return inputOptin(def.innerType);
  }
  return schema._zod.optin;
}
var objectProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const shape = def.shape;
  const symbolKeys = Object.getOwnPropertySymbols(shape);
  if (symbolKeys.length && handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
    return;
  }
  json.type = "object";
  json.properties = {};
  for (const key in shape) {
    assignProp(json.properties, key, processSchema(shape[key], ctx, {
      ...params,
      path: [...params.path, "properties", key]
    }));
  }
  const requiredKeys = [];
  for (const key of Object.keys(shape)) {
    const field = def.shape[key];
    if (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) {
      requiredKeys.push(key);
    }
  }
  if (requiredKeys.length > 0) {
    json.required = requiredKeys;
  }
  if (def.catchall?._zod.def.type === "never") {
    json.additionalProperties = false;
  } else if (!def.catchall) {
    if (ctx.io === "output")
      json.additionalProperties = false;
  } else if (def.catchall) {
    json.additionalProperties = processSchema(def.catchall, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
};
var unionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const isExclusive = def.inclusive === false;
  const options = def.options.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, isExclusive ? "oneOf" : "anyOf", i]
  }));
  if (isExclusive) {
    json.oneOf = options;
  } else {
    json.anyOf = options;
  }
};
var intersectionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const a = processSchema(def.left, ctx, {
    ...params,
    path: [...params.path, "allOf", 0]
  });
  const b = processSchema(def.right, ctx, {
    ...params,
    path: [...params.path, "allOf", 1]
  });
  const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
  const allOf = [
    ...isSimpleIntersection(a) ? a.allOf : [a],
    ...isSimpleIntersection(b) ? b.allOf : [b]
  ];
  json.allOf = allOf;
  ctx.intersections.push(allOf);
};
function stringifyKeyNames(bySchema, json, visited) {
  if (json.$ref) {
    if (visited.has(json))
      return json;
    visited.add(json);
    const def = bySchema.get(json)?.def;
    if (!def)
      return json;
    const inlined = stringifyKeyNames(bySchema, def, visited);
    return inlined === def ? json : inlined;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = json[keyword];
    if (!Array.isArray(branches))
      continue;
    const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
    if (mapped.some((branch, i) => branch !== branches[i]))
      json = { ...json, [keyword]: mapped };
  }
  const types = Array.isArray(json.type) ? json.type : [json.type];
  const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
  const values = json.enum ?? (json.const !== void 0 ? [json.const] : void 0);
  if (!numericType && !values?.some((v) => typeof v === "number"))
    return json;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
  if (rest.enum)
    rest.enum = rest.enum.map((v) => typeof v === "number" ? String(v) : v);
  else if (typeof rest.const === "number")
    rest.const = String(rest.const);
  if (!numericType)
    return rest;
  rest.type = "string";
  if (!values)
    rest.pattern = (types.includes("number") ? number : integer2).source;
  return rest;
}
var pendingRecords = /* @__PURE__ */ new WeakMap();
function rewriteKeyNames(ctx) {
  const bySchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.values()) {
    if (entry.def && !bySchema.has(entry.schema))
      bySchema.set(entry.schema, entry);
  }
  const rewrites = /* @__PURE__ */ new Map();
  for (const record2 of pendingRecords.get(ctx) ?? []) {
    const seen = ctx.seen.get(record2);
    const names = (seen?.def ?? seen?.schema)?.propertyNames;
    if (!names || names === true || rewrites.has(names))
      continue;
    const rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
    if (rewritten !== names)
      rewrites.set(names, rewritten);
  }
  if (!rewrites.size)
    return;
  for (const entry of ctx.seen.values()) {
    for (const carrier of [entry.schema, entry.def]) {
      const rewritten = carrier && rewrites.get(carrier.propertyNames);
      if (rewritten)
        carrier.propertyNames = rewritten;
    }
  }
}
var recordProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  json.type = "object";
  const keyType = def.keyType;
  const patterns = aggregateChecks(keyType).patterns;
  if (def.mode === "loose" && patterns && patterns.size > 0) {
    const valueSchema = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "patternProperties", "*"]
    });
    json.patternProperties = {};
    for (const pattern2 of patterns) {
      assignProp(json.patternProperties, exactPattern(pattern2).source, valueSchema);
    }
  } else {
    if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
      json.propertyNames = processSchema(def.keyType, ctx, {
        ...params,
        path: [...params.path, "propertyNames"]
      });
      let pending = pendingRecords.get(ctx);
      if (!pending) {
        pending = [];
        pendingRecords.set(ctx, pending);
        ctx.deferred.push(() => rewriteKeyNames(ctx));
      }
      pending.push(schema);
    }
    json.additionalProperties = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
  const keyValues = keyType._zod.values;
  const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
  if (keyValues && !def.partial && !omittableOnInput) {
    const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
    if (validKeyValues.length > 0) {
      json.required = validKeyValues.map(String);
    }
  }
};
var nullableProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const inner = processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  if (ctx.target === "openapi-3.0") {
    seen.ref = def.innerType;
    json.nullable = true;
  } else {
    json.anyOf = [inner, { type: "null" }];
  }
};
var nonoptionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var UNREPRESENTABLE_DEFAULT = /* @__PURE__ */ Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
  let unrepresentable = false;
  const serialized = JSON.stringify(value, (_, val) => {
    if (typeof val !== "bigint")
      return val;
    unrepresentable = true;
    return null;
  });
  if (!unrepresentable)
    return JSON.parse(serialized);
  handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
  return UNREPRESENTABLE_DEFAULT;
}
var defaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json.default = value;
};
var prefaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  if (ctx.io !== "input")
    return;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json._prefault = value;
};
var catchProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  let catchValue;
  try {
    catchValue = def.catchValue(void 0);
  } catch {
    handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
    return;
  }
  json.default = catchValue;
};
var pipeProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  const inIsTransform = def.in._zod.traits.has("$ZodTransform");
  const innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
  processSchema(innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = innerType;
};
var readonlyProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  json.readOnly = true;
};
var optionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};

// node_modules/@modelcontextprotocol/sdk/dist/esm/server/zod-compat.js
function isZ4Schema(s) {
  const schema = s;
  return !!schema._zod;
}
function safeParse2(schema, data) {
  if (isZ4Schema(schema)) {
    const result2 = safeParse(schema, data);
    return result2;
  }
  const v3Schema = schema;
  const result = v3Schema.safeParse(data);
  return result;
}
function getObjectShape(schema) {
  if (!schema)
    return void 0;
  let rawShape2;
  if (isZ4Schema(schema)) {
    const v4Schema = schema;
    rawShape2 = v4Schema._zod?.def?.shape;
  } else {
    const v3Schema = schema;
    rawShape2 = v3Schema.shape;
  }
  if (!rawShape2)
    return void 0;
  if (typeof rawShape2 === "function") {
    try {
      return rawShape2();
    } catch {
      return void 0;
    }
  }
  return rawShape2;
}
function getLiteralValue(schema) {
  if (isZ4Schema(schema)) {
    const v4Schema = schema;
    const def2 = v4Schema._zod?.def;
    if (def2) {
      if (def2.value !== void 0)
        return def2.value;
      if (Array.isArray(def2.values) && def2.values.length > 0) {
        return def2.values[0];
      }
    }
  }
  const v3Schema = schema;
  const def = v3Schema._def;
  if (def) {
    if (def.value !== void 0)
      return def.value;
    if (Array.isArray(def.values) && def.values.length > 0) {
      return def.values[0];
    }
  }
  const directValue = schema.value;
  if (directValue !== void 0)
    return directValue;
  return void 0;
}

// node_modules/zod/v4/classic/errors.js
var _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key, make) {
  Object.defineProperty(proto, key, {
    configurable: true,
    enumerable: false,
    get() {
      const value = make(this);
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
    }
  });
}
var initializer2 = (inst, issues) => {
  $ZodError.init(inst, issues);
  inst.name = "ZodError";
  const proto = Object.getPrototypeOf(inst);
  if (_installedErrorProtos.has(proto))
    return;
  _installedErrorProtos.add(proto);
  _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
  _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
  _lazyMethod(proto, "addIssue", (self) => (issue2) => {
    self.issues.push(issue2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  _lazyMethod(proto, "addIssues", (self) => (issues2) => {
    self.issues.push(...issues2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  Object.defineProperty(proto, "isEmpty", {
    configurable: true,
    enumerable: false,
    get() {
      return this.issues.length === 0;
    }
  });
};
var ZodRealError = /* @__PURE__ */ $constructor("ZodError", initializer2, void 0, {
  Parent: Error
});

// node_modules/zod/v4/classic/parse.js
var parse2 = /* @__PURE__ */ _parse(ZodRealError);
var parseAsync2 = /* @__PURE__ */ _parseAsync(ZodRealError);
var safeParse3 = /* @__PURE__ */ _safeParse(ZodRealError);
var safeParseAsync2 = /* @__PURE__ */ _safeParseAsync(ZodRealError);
var encode2 = /* @__PURE__ */ _encode(ZodRealError);
var decode3 = /* @__PURE__ */ _decode(ZodRealError);
var encodeAsync2 = /* @__PURE__ */ _encodeAsync(ZodRealError);
var decodeAsync2 = /* @__PURE__ */ _decodeAsync(ZodRealError);
var safeEncode2 = /* @__PURE__ */ _safeEncode(ZodRealError);
var safeDecode2 = /* @__PURE__ */ _safeDecode(ZodRealError);
var safeEncodeAsync2 = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
var safeDecodeAsync2 = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// node_modules/zod/v4/classic/schemas.js
function _ensureDefaultLocale() {
  if (!globalConfig.localeError)
    config(en_default());
}
function _ensureDefaultMemoizer() {
  if (!globalConfig.memoizer)
    config({ memoizer: memoizer() });
}
var ZodType = /* @__PURE__ */ $constructor("ZodType", (inst, def) => {
  _ensureDefaultLocale();
  $ZodType.init(inst, def);
  inst.def = def;
  inst.type = def.type;
  return inst;
}, {
  check(...chks) {
    const def = this.def;
    return this.clone(util_exports.mergeDefs(def, {
      checks: [
        ...def.checks ?? [],
        ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
      ]
    }), { parent: true });
  },
  with(...chks) {
    return this.check(...chks);
  },
  clone(def, params) {
    return clone(this, def, params);
  },
  brand() {
    return this;
  },
  register(reg, meta2) {
    reg.add(this, meta2);
    return this;
  },
  refine(check, params) {
    return this.check(refine(check, params));
  },
  superRefine(refinement, params) {
    return this.check(superRefine(refinement, params));
  },
  overwrite(fn) {
    return this.check(_overwrite(fn));
  },
  optional() {
    return optional(this);
  },
  exactOptional() {
    return exactOptional(this);
  },
  nullable() {
    return nullable(this);
  },
  nullish() {
    return optional(nullable(this));
  },
  nonoptional(params) {
    return nonoptional(this, params);
  },
  array() {
    return array(this);
  },
  or(arg) {
    return union([this, arg]);
  },
  and(arg) {
    return intersection(this, arg);
  },
  transform(tx) {
    return pipe(this, transform(tx));
  },
  default(d) {
    return _default(this, d);
  },
  prefault(d) {
    return prefault(this, d);
  },
  catch(params) {
    return _catch(this, params);
  },
  pipe(target) {
    return pipe(this, target);
  },
  readonly() {
    return readonly(this);
  },
  describe(description) {
    const cl = this.clone();
    globalRegistry.add(cl, { description });
    return cl;
  },
  meta(...args) {
    if (args.length === 0)
      return globalRegistry.get(this);
    const cl = this.clone();
    globalRegistry.add(cl, args[0]);
    return cl;
  },
  isOptional() {
    return this.safeParse(void 0).success;
  },
  isNullable() {
    return this.safeParse(null).success;
  },
  apply(fn, ...args) {
    return args.length === 0 ? fn(this) : fn(this, ...args);
  },
  // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
  get "~standard"() {
    return util_exports.hide(this, "~standard", {
      ...standardProps(this),
      jsonSchema: {
        input: createStandardJSONSchemaMethod(this, "input"),
        output: createStandardJSONSchemaMethod(this, "output")
      }
    });
  },
  set "~standard"(value) {
    util_exports.own(this, "~standard", value);
  },
  parse: function _parse2(data, params) {
    return parse2(this, data, params, { callee: _parse2 });
  },
  parseAsync: async function _parseAsync2(data, params) {
    return await parseAsync2(this, data, params, { callee: _parseAsync2 });
  },
  safeParse(data, params) {
    return safeParse3(this, data, params);
  },
  async safeParseAsync(data, params) {
    return safeParseAsync2(this, data, params);
  },
  // `spa` is an alias: same function object as `safeParseAsync`, as before.
  get spa() {
    return this?.safeParseAsync;
  },
  set spa(value) {
    util_exports.own(this, "spa", value);
  },
  validate(data, params) {
    return validate2(this, data, params);
  },
  validateAsync(data, params) {
    return validateAsync(this, data, params);
  },
  encode: function _encode2(data, params) {
    return encode2(this, data, params, { callee: _encode2 });
  },
  decode: function _decode2(data, params) {
    return decode3(this, data, params, { callee: _decode2 });
  },
  encodeAsync: async function _encodeAsync2(data, params) {
    return await encodeAsync2(this, data, params, { callee: _encodeAsync2 });
  },
  decodeAsync: async function _decodeAsync2(data, params) {
    return await decodeAsync2(this, data, params, { callee: _decodeAsync2 });
  },
  safeEncode(data, params) {
    return safeEncode2(this, data, params);
  },
  safeDecode(data, params) {
    return safeDecode2(this, data, params);
  },
  async safeEncodeAsync(data, params) {
    return safeEncodeAsync2(this, data, params);
  },
  async safeDecodeAsync(data, params) {
    return safeDecodeAsync2(this, data, params);
  },
  toJSONSchema(params) {
    return createToJSONSchemaMethod(this, {})(params);
  },
  // Reads through to the registry on every access, so it must not cache.
  get description() {
    return globalRegistry.get(this)?.description;
  },
  // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
  get _def() {
    return this._zod.def;
  }
});
var _ZodString = /* @__PURE__ */ $constructor(
  "_ZodString",
  (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
  },
  /* @__PURE__ */ util_exports.derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null
  }, {
    regex(...args) {
      return this.check(_regex(...args));
    },
    includes(...args) {
      return this.check(_includes(...args));
    },
    startsWith(...args) {
      return this.check(_startsWith(...args));
    },
    endsWith(...args) {
      return this.check(_endsWith(...args));
    },
    min(...args) {
      return this.check(_minLength(...args));
    },
    max(...args) {
      return this.check(_maxLength(...args));
    },
    length(...args) {
      return this.check(_length(...args));
    },
    nonempty(...args) {
      return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
      return this.check(_lowercase(params));
    },
    uppercase(params) {
      return this.check(_uppercase(params));
    },
    trim() {
      return this.check(_trim());
    },
    normalize(...args) {
      return this.check(_normalize(...args));
    },
    toLowerCase() {
      return this.check(_toLowerCase());
    },
    toUpperCase() {
      return this.check(_toUpperCase());
    },
    slugify() {
      return this.check(_slugify());
    }
  })
);
var ZodString = /* @__PURE__ */ $constructor("ZodString", (inst, def) => {
  $ZodString.init(inst, def);
  _ZodString.init(inst, def);
}, {
  email(params) {
    return this.check(_email(ZodEmail, params));
  },
  url(params) {
    return this.check(_url(ZodURL, params));
  },
  jwt(params) {
    return this.check(_jwt(ZodJWT, params));
  },
  emoji(params) {
    return this.check(_emoji2(ZodEmoji, params));
  },
  guid(params) {
    return this.check(_guid(ZodGUID, params));
  },
  uuid(params) {
    return this.check(_uuid(ZodUUID, params));
  },
  uuidv4(params) {
    return this.check(_uuidv4(ZodUUID, params));
  },
  uuidv6(params) {
    return this.check(_uuidv6(ZodUUID, params));
  },
  uuidv7(params) {
    return this.check(_uuidv7(ZodUUID, params));
  },
  nanoid(params) {
    return this.check(_nanoid(ZodNanoID, params));
  },
  cuid(params) {
    return this.check(_cuid(ZodCUID, params));
  },
  cuid2(params) {
    return this.check(_cuid2(ZodCUID2, params));
  },
  ulid(params) {
    return this.check(_ulid(ZodULID, params));
  },
  base64(params) {
    return this.check(_base64(ZodBase64, params));
  },
  base64url(params) {
    return this.check(_base64url(ZodBase64URL, params));
  },
  xid(params) {
    return this.check(_xid(ZodXID, params));
  },
  ksuid(params) {
    return this.check(_ksuid(ZodKSUID, params));
  },
  ipv4(params) {
    return this.check(_ipv4(ZodIPv4, params));
  },
  ipv6(params) {
    return this.check(_ipv6(ZodIPv6, params));
  },
  cidrv4(params) {
    return this.check(_cidrv4(ZodCIDRv4, params));
  },
  cidrv6(params) {
    return this.check(_cidrv6(ZodCIDRv6, params));
  },
  e164(params) {
    return this.check(_e164(ZodE164, params));
  },
  datetime(params) {
    return this.check(_isoDateTime(ZodISODateTime, params));
  },
  date(params) {
    return this.check(_isoDate(ZodISODate, params));
  },
  time(params) {
    return this.check(_isoTime(ZodISOTime, params));
  },
  duration(params) {
    return this.check(_isoDuration(ZodISODuration, params));
  }
});
function string3(params) {
  return _string(ZodString, params);
}
var ZodStringFormat = /* @__PURE__ */ $constructor("ZodStringFormat", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  _ZodString.init(inst, def);
});
var ZodISODateTime = /* @__PURE__ */ $constructor("ZodISODateTime", (inst, def) => {
  $ZodISODateTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODate = /* @__PURE__ */ $constructor("ZodISODate", (inst, def) => {
  $ZodISODate.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISOTime = /* @__PURE__ */ $constructor("ZodISOTime", (inst, def) => {
  $ZodISOTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODuration = /* @__PURE__ */ $constructor("ZodISODuration", (inst, def) => {
  $ZodISODuration.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmail = /* @__PURE__ */ $constructor("ZodEmail", (inst, def) => {
  $ZodEmail.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodGUID = /* @__PURE__ */ $constructor("ZodGUID", (inst, def) => {
  $ZodGUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodUUID = /* @__PURE__ */ $constructor("ZodUUID", (inst, def) => {
  $ZodUUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodURL = /* @__PURE__ */ $constructor("ZodURL", (inst, def) => {
  $ZodURL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmoji = /* @__PURE__ */ $constructor("ZodEmoji", (inst, def) => {
  $ZodEmoji.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNanoID = /* @__PURE__ */ $constructor("ZodNanoID", (inst, def) => {
  $ZodNanoID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID = /* @__PURE__ */ $constructor("ZodCUID", (inst, def) => {
  $ZodCUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID2 = /* @__PURE__ */ $constructor("ZodCUID2", (inst, def) => {
  $ZodCUID2.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodULID = /* @__PURE__ */ $constructor("ZodULID", (inst, def) => {
  $ZodULID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodXID = /* @__PURE__ */ $constructor("ZodXID", (inst, def) => {
  $ZodXID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodKSUID = /* @__PURE__ */ $constructor("ZodKSUID", (inst, def) => {
  $ZodKSUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv4 = /* @__PURE__ */ $constructor("ZodIPv4", (inst, def) => {
  $ZodIPv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv6 = /* @__PURE__ */ $constructor("ZodIPv6", (inst, def) => {
  $ZodIPv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv4 = /* @__PURE__ */ $constructor("ZodCIDRv4", (inst, def) => {
  $ZodCIDRv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv6 = /* @__PURE__ */ $constructor("ZodCIDRv6", (inst, def) => {
  $ZodCIDRv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64 = /* @__PURE__ */ $constructor("ZodBase64", (inst, def) => {
  $ZodBase64.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64URL = /* @__PURE__ */ $constructor("ZodBase64URL", (inst, def) => {
  $ZodBase64URL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodE164 = /* @__PURE__ */ $constructor("ZodE164", (inst, def) => {
  $ZodE164.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodJWT = /* @__PURE__ */ $constructor("ZodJWT", (inst, def) => {
  $ZodJWT.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNumber = /* @__PURE__ */ $constructor(
  "ZodNumber",
  (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
  },
  /* @__PURE__ */ util_exports.derived({
    minValue: (inst) => {
      const { minimum, exclusiveMinimum } = aggregateChecks(inst);
      return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
      const { maximum, exclusiveMaximum } = aggregateChecks(inst);
      return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
      const { isInt, multipleOf } = aggregateChecks(inst);
      return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null
  }, {
    gt(value, params) {
      return this.check(_gt(value, params));
    },
    gte(value, params) {
      return this.check(_gte(value, params));
    },
    min(value, params) {
      return this.check(_gte(value, params));
    },
    lt(value, params) {
      return this.check(_lt(value, params));
    },
    lte(value, params) {
      return this.check(_lte(value, params));
    },
    max(value, params) {
      return this.check(_lte(value, params));
    },
    int(params) {
      return this.check(int(params));
    },
    safe(params) {
      return this.check(int(params));
    },
    positive(params) {
      return this.check(_gt(0, params));
    },
    nonnegative(params) {
      return this.check(_gte(0, params));
    },
    negative(params) {
      return this.check(_lt(0, params));
    },
    nonpositive(params) {
      return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
      return this.check(_multipleOf(value, params));
    },
    step(value, params) {
      return this.check(_multipleOf(value, params));
    },
    finite() {
      return this;
    }
  })
);
function number2(params) {
  return _number(ZodNumber, params);
}
var ZodNumberFormat = /* @__PURE__ */ $constructor("ZodNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def);
  ZodNumber.init(inst, def);
});
function int(params) {
  return _int(ZodNumberFormat, params);
}
var ZodBoolean = /* @__PURE__ */ $constructor("ZodBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function boolean3(params) {
  return _boolean(ZodBoolean, params);
}
var ZodNull = /* @__PURE__ */ $constructor("ZodNull", (inst, def) => {
  $ZodNull.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nullProcessor(inst, ctx, json, params);
});
function _null3(params) {
  return _null2(ZodNull, params);
}
var ZodUnknown = /* @__PURE__ */ $constructor("ZodUnknown", (inst, def) => {
  $ZodUnknown.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
  return _unknown(ZodUnknown);
}
var ZodNever = /* @__PURE__ */ $constructor("ZodNever", (inst, def) => {
  $ZodNever.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
  return _never(ZodNever, params);
}
var ZodArray = /* @__PURE__ */ $constructor("ZodArray", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodArray.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
  inst.element = def.element;
}, {
  min(n, params) {
    return this.check(_minLength(n, params));
  },
  nonempty(params) {
    return this.check(_minLength(1, params));
  },
  max(n, params) {
    return this.check(_maxLength(n, params));
  },
  length(n, params) {
    return this.check(_length(n, params));
  },
  unwrap() {
    return this.element;
  }
});
function array(element, params) {
  return _array(ZodArray, element, params);
}
var ZodObject = /* @__PURE__ */ $constructor("ZodObject", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodObjectJIT.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
  util_exports.installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
  keyof() {
    return _enum(Object.keys(this._zod.def.shape));
  },
  catchall(catchall) {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall }));
  },
  passthrough() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  loose() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  strict() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: never() }));
  },
  strip() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: void 0 }));
  },
  extend(incoming) {
    return util_exports.extend(this, incoming);
  },
  safeExtend(incoming) {
    return util_exports.safeExtend(this, incoming);
  },
  merge(other) {
    return util_exports.merge(this, other);
  },
  pick(mask) {
    return util_exports.pick(this, mask);
  },
  omit(mask) {
    return util_exports.omit(this, mask);
  },
  partial(...args) {
    return util_exports.partial(ZodOptional, this, args[0]);
  },
  exactPartial(...args) {
    return util_exports.partial(ZodExactOptional, this, args[0], "exactPartial");
  },
  required(...args) {
    return util_exports.required(ZodNonOptional, this, args[0]);
  }
});
function object2(shape, params) {
  const def = {
    type: "object",
    shape: shape ?? {},
    ...util_exports.normalizeParams(params)
  };
  return new ZodObject(def);
}
function looseObject(shape, params) {
  return new ZodObject({
    type: "object",
    shape,
    catchall: unknown(),
    ...util_exports.normalizeParams(params)
  });
}
var ZodUnion = /* @__PURE__ */ $constructor("ZodUnion", (inst, def) => {
  $ZodUnion.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
  inst.options = def.options;
});
function union(options, params) {
  return new ZodUnion({
    type: "union",
    options,
    ...util_exports.normalizeParams(params)
  });
}
var ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("ZodDiscriminatedUnion", (inst, def) => {
  ZodUnion.init(inst, def);
  $ZodDiscriminatedUnion.init(inst, def);
});
function discriminatedUnion(discriminator, options, params) {
  return new ZodDiscriminatedUnion({
    type: "union",
    options,
    discriminator,
    ...util_exports.normalizeParams(params)
  });
}
var ZodIntersection = /* @__PURE__ */ $constructor("ZodIntersection", (inst, def) => {
  $ZodIntersection.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
  return new ZodIntersection({
    type: "intersection",
    left,
    right
  });
}
var ZodRecord = /* @__PURE__ */ $constructor("ZodRecord", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodRecord.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
  inst.keyType = def.keyType;
  inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
  if (!valueType || !valueType._zod) {
    return new ZodRecord({
      type: "record",
      keyType: string3(),
      valueType: keyType,
      ...util_exports.normalizeParams(valueType)
    });
  }
  return new ZodRecord({
    type: "record",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodEnum = /* @__PURE__ */ $constructor("ZodEnum", (inst, def) => {
  $ZodEnum.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
  inst.enum = def.entries;
  inst.options = [...inst._zod.values];
  const keys = new Set(Object.keys(def.entries));
  inst.extract = (values, params) => {
    const newEntries = {};
    for (const value of values) {
      if (keys.has(value)) {
        newEntries[value] = def.entries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
  inst.exclude = (values, params) => {
    const newEntries = { ...def.entries };
    for (const value of values) {
      if (keys.has(value)) {
        delete newEntries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
});
function _enum(values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({
    type: "enum",
    entries,
    ...util_exports.normalizeParams(params)
  });
}
var ZodLiteral = /* @__PURE__ */ $constructor("ZodLiteral", (inst, def) => {
  $ZodLiteral.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
  inst.values = new Set(def.values);
  Object.defineProperty(inst, "value", {
    get() {
      if (def.values.length > 1) {
        throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
      }
      return def.values[0];
    }
  });
});
function literal(value, params) {
  return new ZodLiteral({
    type: "literal",
    values: Array.isArray(value) ? value : [value],
    ...util_exports.normalizeParams(params)
  });
}
var ZodTransform = /* @__PURE__ */ $constructor("ZodTransform", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodTransform.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
  inst._zod.parse = (payload, _ctx) => {
    if (_ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(util_exports.issue(issue2, payload.value, def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = inst);
        payload.issues.push(util_exports.issue(_issue));
      }
    };
    const output = def.transform(payload.value, payload);
    if (output instanceof Promise) {
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    payload.value = output;
    return payload;
  };
});
function transform(fn) {
  return new ZodTransform({
    type: "transform",
    transform: fn
  });
}
var ZodOptional = /* @__PURE__ */ $constructor("ZodOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
  return new ZodOptional({
    type: "optional",
    innerType
  });
}
var ZodExactOptional = /* @__PURE__ */ $constructor("ZodExactOptional", (inst, def) => {
  $ZodExactOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
  return new ZodExactOptional({
    type: "optional",
    innerType
  });
}
var ZodNullable = /* @__PURE__ */ $constructor("ZodNullable", (inst, def) => {
  $ZodNullable.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
  return new ZodNullable({
    type: "nullable",
    innerType
  });
}
var ZodDefault = /* @__PURE__ */ $constructor("ZodDefault", (inst, def) => {
  $ZodDefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
  return new ZodDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodPrefault = /* @__PURE__ */ $constructor("ZodPrefault", (inst, def) => {
  $ZodPrefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
  return new ZodPrefault({
    type: "prefault",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodNonOptional = /* @__PURE__ */ $constructor("ZodNonOptional", (inst, def) => {
  $ZodNonOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
  return new ZodNonOptional({
    type: "nonoptional",
    innerType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodCatch = /* @__PURE__ */ $constructor("ZodCatch", (inst, def) => {
  $ZodCatch.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof catchValue === "function" ? catchValue : util_exports.constantCatch(catchValue)
  });
}
var ZodPipe = /* @__PURE__ */ $constructor("ZodPipe", (inst, def) => {
  $ZodPipe.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
  inst.in = def.in;
  inst.out = def.out;
});
function pipe(in_, out) {
  return new ZodPipe({
    type: "pipe",
    in: in_,
    out
    // ...util.normalizeParams(params),
  });
}
var ZodPreprocess = /* @__PURE__ */ $constructor("ZodPreprocess", (inst, def) => {
  ZodPipe.init(inst, def);
  $ZodPreprocess.init(inst, def);
});
var ZodReadonly = /* @__PURE__ */ $constructor("ZodReadonly", (inst, def) => {
  $ZodReadonly.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
  return new ZodReadonly({
    type: "readonly",
    innerType
  });
}
var ZodCustom = /* @__PURE__ */ $constructor("ZodCustom", (inst, def) => {
  $ZodCustom.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function custom(fn, _params) {
  return _custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
  return _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
  return _superRefine(fn, params);
}
function preprocess(fn, schema) {
  return new ZodPreprocess({
    type: "pipe",
    in: transform(fn),
    out: schema
  });
}

// node_modules/zod/v4/classic/iso.js
var iso_exports = {};
__export(iso_exports, {
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  date: () => date2,
  datetime: () => datetime2,
  duration: () => duration2,
  time: () => time2
});
function datetime2(params) {
  return _isoDateTime(ZodISODateTime, params);
}
function date2(params) {
  return _isoDate(ZodISODate, params);
}
function time2(params) {
  return _isoTime(ZodISOTime, params);
}
function duration2(params) {
  return _isoDuration(ZodISODuration, params);
}

// node_modules/@modelcontextprotocol/sdk/dist/esm/types.js
var LATEST_PROTOCOL_VERSION = "2025-11-25";
var SUPPORTED_PROTOCOL_VERSIONS = [LATEST_PROTOCOL_VERSION, "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];
var RELATED_TASK_META_KEY = "io.modelcontextprotocol/related-task";
var JSONRPC_VERSION = "2.0";
var AssertObjectSchema = custom((v) => v !== null && (typeof v === "object" || typeof v === "function"));
var ProgressTokenSchema = union([string3(), number2().int()]);
var CursorSchema = string3();
var TaskCreationParamsSchema = looseObject({
  /**
   * Requested duration in milliseconds to retain task from creation.
   */
  ttl: number2().optional(),
  /**
   * Time in milliseconds to wait between task status requests.
   */
  pollInterval: number2().optional()
});
var TaskMetadataSchema = object2({
  ttl: number2().optional()
});
var RelatedTaskMetadataSchema = object2({
  taskId: string3()
});
var RequestMetaSchema = looseObject({
  /**
   * If specified, the caller is requesting out-of-band progress notifications for this request (as represented by notifications/progress). The value of this parameter is an opaque token that will be attached to any subsequent notifications. The receiver is not obligated to provide these notifications.
   */
  progressToken: ProgressTokenSchema.optional(),
  /**
   * If specified, this request is related to the provided task.
   */
  [RELATED_TASK_META_KEY]: RelatedTaskMetadataSchema.optional()
});
var BaseRequestParamsSchema = object2({
  /**
   * See [General fields: `_meta`](/specification/draft/basic/index#meta) for notes on `_meta` usage.
   */
  _meta: RequestMetaSchema.optional()
});
var TaskAugmentedRequestParamsSchema = BaseRequestParamsSchema.extend({
  /**
   * If specified, the caller is requesting task-augmented execution for this request.
   * The request will return a CreateTaskResult immediately, and the actual result can be
   * retrieved later via tasks/result.
   *
   * Task augmentation is subject to capability negotiation - receivers MUST declare support
   * for task augmentation of specific request types in their capabilities.
   */
  task: TaskMetadataSchema.optional()
});
var isTaskAugmentedRequestParams = (value) => TaskAugmentedRequestParamsSchema.safeParse(value).success;
var RequestSchema = object2({
  method: string3(),
  params: BaseRequestParamsSchema.loose().optional()
});
var NotificationsParamsSchema = object2({
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: RequestMetaSchema.optional()
});
var NotificationSchema = object2({
  method: string3(),
  params: NotificationsParamsSchema.loose().optional()
});
var ResultSchema = looseObject({
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: RequestMetaSchema.optional()
});
var RequestIdSchema = union([string3(), number2().int()]);
var JSONRPCRequestSchema = object2({
  jsonrpc: literal(JSONRPC_VERSION),
  id: RequestIdSchema,
  ...RequestSchema.shape
}).strict();
var isJSONRPCRequest = (value) => JSONRPCRequestSchema.safeParse(value).success;
var JSONRPCNotificationSchema = object2({
  jsonrpc: literal(JSONRPC_VERSION),
  ...NotificationSchema.shape
}).strict();
var isJSONRPCNotification = (value) => JSONRPCNotificationSchema.safeParse(value).success;
var JSONRPCResultResponseSchema = object2({
  jsonrpc: literal(JSONRPC_VERSION),
  id: RequestIdSchema,
  result: ResultSchema
}).strict();
var isJSONRPCResultResponse = (value) => JSONRPCResultResponseSchema.safeParse(value).success;
var ErrorCode;
(function(ErrorCode2) {
  ErrorCode2[ErrorCode2["ConnectionClosed"] = -32e3] = "ConnectionClosed";
  ErrorCode2[ErrorCode2["RequestTimeout"] = -32001] = "RequestTimeout";
  ErrorCode2[ErrorCode2["ParseError"] = -32700] = "ParseError";
  ErrorCode2[ErrorCode2["InvalidRequest"] = -32600] = "InvalidRequest";
  ErrorCode2[ErrorCode2["MethodNotFound"] = -32601] = "MethodNotFound";
  ErrorCode2[ErrorCode2["InvalidParams"] = -32602] = "InvalidParams";
  ErrorCode2[ErrorCode2["InternalError"] = -32603] = "InternalError";
  ErrorCode2[ErrorCode2["UrlElicitationRequired"] = -32042] = "UrlElicitationRequired";
})(ErrorCode || (ErrorCode = {}));
var JSONRPCErrorResponseSchema = object2({
  jsonrpc: literal(JSONRPC_VERSION),
  id: RequestIdSchema.optional(),
  error: object2({
    /**
     * The error type that occurred.
     */
    code: number2().int(),
    /**
     * A short description of the error. The message SHOULD be limited to a concise single sentence.
     */
    message: string3(),
    /**
     * Additional information about the error. The value of this member is defined by the sender (e.g. detailed error information, nested errors etc.).
     */
    data: unknown().optional()
  })
}).strict();
var isJSONRPCErrorResponse = (value) => JSONRPCErrorResponseSchema.safeParse(value).success;
var JSONRPCMessageSchema = union([
  JSONRPCRequestSchema,
  JSONRPCNotificationSchema,
  JSONRPCResultResponseSchema,
  JSONRPCErrorResponseSchema
]);
var JSONRPCResponseSchema = union([JSONRPCResultResponseSchema, JSONRPCErrorResponseSchema]);
var EmptyResultSchema = ResultSchema.strict();
var CancelledNotificationParamsSchema = NotificationsParamsSchema.extend({
  /**
   * The ID of the request to cancel.
   *
   * This MUST correspond to the ID of a request previously issued in the same direction.
   */
  requestId: RequestIdSchema.optional(),
  /**
   * An optional string describing the reason for the cancellation. This MAY be logged or presented to the user.
   */
  reason: string3().optional()
});
var CancelledNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/cancelled"),
  params: CancelledNotificationParamsSchema
});
var IconSchema = object2({
  /**
   * URL or data URI for the icon.
   */
  src: string3(),
  /**
   * Optional MIME type for the icon.
   */
  mimeType: string3().optional(),
  /**
   * Optional array of strings that specify sizes at which the icon can be used.
   * Each string should be in WxH format (e.g., `"48x48"`, `"96x96"`) or `"any"` for scalable formats like SVG.
   *
   * If not provided, the client should assume that the icon can be used at any size.
   */
  sizes: array(string3()).optional(),
  /**
   * Optional specifier for the theme this icon is designed for. `light` indicates
   * the icon is designed to be used with a light background, and `dark` indicates
   * the icon is designed to be used with a dark background.
   *
   * If not provided, the client should assume the icon can be used with any theme.
   */
  theme: _enum(["light", "dark"]).optional()
});
var IconsSchema = object2({
  /**
   * Optional set of sized icons that the client can display in a user interface.
   *
   * Clients that support rendering icons MUST support at least the following MIME types:
   * - `image/png` - PNG images (safe, universal compatibility)
   * - `image/jpeg` (and `image/jpg`) - JPEG images (safe, universal compatibility)
   *
   * Clients that support rendering icons SHOULD also support:
   * - `image/svg+xml` - SVG images (scalable but requires security precautions)
   * - `image/webp` - WebP images (modern, efficient format)
   */
  icons: array(IconSchema).optional()
});
var BaseMetadataSchema = object2({
  /** Intended for programmatic or logical use, but used as a display name in past specs or fallback */
  name: string3(),
  /**
   * Intended for UI and end-user contexts — optimized to be human-readable and easily understood,
   * even by those unfamiliar with domain-specific terminology.
   *
   * If not provided, the name should be used for display (except for Tool,
   * where `annotations.title` should be given precedence over using `name`,
   * if present).
   */
  title: string3().optional()
});
var ImplementationSchema = BaseMetadataSchema.extend({
  ...BaseMetadataSchema.shape,
  ...IconsSchema.shape,
  version: string3(),
  /**
   * An optional URL of the website for this implementation.
   */
  websiteUrl: string3().optional(),
  /**
   * An optional human-readable description of what this implementation does.
   *
   * This can be used by clients or servers to provide context about their purpose
   * and capabilities. For example, a server might describe the types of resources
   * or tools it provides, while a client might describe its intended use case.
   */
  description: string3().optional()
});
var FormElicitationCapabilitySchema = intersection(object2({
  applyDefaults: boolean3().optional()
}), record(string3(), unknown()));
var ElicitationCapabilitySchema = preprocess((value) => {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    if (Object.keys(value).length === 0) {
      return { form: {} };
    }
  }
  return value;
}, intersection(object2({
  form: FormElicitationCapabilitySchema.optional(),
  url: AssertObjectSchema.optional()
}), record(string3(), unknown()).optional()));
var ClientTasksCapabilitySchema = looseObject({
  /**
   * Present if the client supports listing tasks.
   */
  list: AssertObjectSchema.optional(),
  /**
   * Present if the client supports cancelling tasks.
   */
  cancel: AssertObjectSchema.optional(),
  /**
   * Capabilities for task creation on specific request types.
   */
  requests: looseObject({
    /**
     * Task support for sampling requests.
     */
    sampling: looseObject({
      createMessage: AssertObjectSchema.optional()
    }).optional(),
    /**
     * Task support for elicitation requests.
     */
    elicitation: looseObject({
      create: AssertObjectSchema.optional()
    }).optional()
  }).optional()
});
var ServerTasksCapabilitySchema = looseObject({
  /**
   * Present if the server supports listing tasks.
   */
  list: AssertObjectSchema.optional(),
  /**
   * Present if the server supports cancelling tasks.
   */
  cancel: AssertObjectSchema.optional(),
  /**
   * Capabilities for task creation on specific request types.
   */
  requests: looseObject({
    /**
     * Task support for tool requests.
     */
    tools: looseObject({
      call: AssertObjectSchema.optional()
    }).optional()
  }).optional()
});
var ClientCapabilitiesSchema = object2({
  /**
   * Experimental, non-standard capabilities that the client supports.
   */
  experimental: record(string3(), AssertObjectSchema).optional(),
  /**
   * Present if the client supports sampling from an LLM.
   */
  sampling: object2({
    /**
     * Present if the client supports context inclusion via includeContext parameter.
     * If not declared, servers SHOULD only use `includeContext: "none"` (or omit it).
     */
    context: AssertObjectSchema.optional(),
    /**
     * Present if the client supports tool use via tools and toolChoice parameters.
     */
    tools: AssertObjectSchema.optional()
  }).optional(),
  /**
   * Present if the client supports eliciting user input.
   */
  elicitation: ElicitationCapabilitySchema.optional(),
  /**
   * Present if the client supports listing roots.
   */
  roots: object2({
    /**
     * Whether the client supports issuing notifications for changes to the roots list.
     */
    listChanged: boolean3().optional()
  }).optional(),
  /**
   * Present if the client supports task creation.
   */
  tasks: ClientTasksCapabilitySchema.optional(),
  /**
   * Extensions that the client supports. Keys are extension identifiers (vendor-prefix/extension-name).
   */
  extensions: record(string3(), AssertObjectSchema).optional()
});
var InitializeRequestParamsSchema = BaseRequestParamsSchema.extend({
  /**
   * The latest version of the Model Context Protocol that the client supports. The client MAY decide to support older versions as well.
   */
  protocolVersion: string3(),
  capabilities: ClientCapabilitiesSchema,
  clientInfo: ImplementationSchema
});
var InitializeRequestSchema = RequestSchema.extend({
  method: literal("initialize"),
  params: InitializeRequestParamsSchema
});
var ServerCapabilitiesSchema = object2({
  /**
   * Experimental, non-standard capabilities that the server supports.
   */
  experimental: record(string3(), AssertObjectSchema).optional(),
  /**
   * Present if the server supports sending log messages to the client.
   */
  logging: AssertObjectSchema.optional(),
  /**
   * Present if the server supports sending completions to the client.
   */
  completions: AssertObjectSchema.optional(),
  /**
   * Present if the server offers any prompt templates.
   */
  prompts: object2({
    /**
     * Whether this server supports issuing notifications for changes to the prompt list.
     */
    listChanged: boolean3().optional()
  }).optional(),
  /**
   * Present if the server offers any resources to read.
   */
  resources: object2({
    /**
     * Whether this server supports clients subscribing to resource updates.
     */
    subscribe: boolean3().optional(),
    /**
     * Whether this server supports issuing notifications for changes to the resource list.
     */
    listChanged: boolean3().optional()
  }).optional(),
  /**
   * Present if the server offers any tools to call.
   */
  tools: object2({
    /**
     * Whether this server supports issuing notifications for changes to the tool list.
     */
    listChanged: boolean3().optional()
  }).optional(),
  /**
   * Present if the server supports task creation.
   */
  tasks: ServerTasksCapabilitySchema.optional(),
  /**
   * Extensions that the server supports. Keys are extension identifiers (vendor-prefix/extension-name).
   */
  extensions: record(string3(), AssertObjectSchema).optional()
});
var InitializeResultSchema = ResultSchema.extend({
  /**
   * The version of the Model Context Protocol that the server wants to use. This may not match the version that the client requested. If the client cannot support this version, it MUST disconnect.
   */
  protocolVersion: string3(),
  capabilities: ServerCapabilitiesSchema,
  serverInfo: ImplementationSchema,
  /**
   * Instructions describing how to use the server and its features.
   *
   * This can be used by clients to improve the LLM's understanding of available tools, resources, etc. It can be thought of like a "hint" to the model. For example, this information MAY be added to the system prompt.
   */
  instructions: string3().optional()
});
var InitializedNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/initialized"),
  params: NotificationsParamsSchema.optional()
});
var PingRequestSchema = RequestSchema.extend({
  method: literal("ping"),
  params: BaseRequestParamsSchema.optional()
});
var ProgressSchema = object2({
  /**
   * The progress thus far. This should increase every time progress is made, even if the total is unknown.
   */
  progress: number2(),
  /**
   * Total number of items to process (or total progress required), if known.
   */
  total: optional(number2()),
  /**
   * An optional message describing the current progress.
   */
  message: optional(string3())
});
var ProgressNotificationParamsSchema = object2({
  ...NotificationsParamsSchema.shape,
  ...ProgressSchema.shape,
  /**
   * The progress token which was given in the initial request, used to associate this notification with the request that is proceeding.
   */
  progressToken: ProgressTokenSchema
});
var ProgressNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/progress"),
  params: ProgressNotificationParamsSchema
});
var PaginatedRequestParamsSchema = BaseRequestParamsSchema.extend({
  /**
   * An opaque token representing the current pagination position.
   * If provided, the server should return results starting after this cursor.
   */
  cursor: CursorSchema.optional()
});
var PaginatedRequestSchema = RequestSchema.extend({
  params: PaginatedRequestParamsSchema.optional()
});
var PaginatedResultSchema = ResultSchema.extend({
  /**
   * An opaque token representing the pagination position after the last returned result.
   * If present, there may be more results available.
   */
  nextCursor: CursorSchema.optional()
});
var TaskStatusSchema = _enum(["working", "input_required", "completed", "failed", "cancelled"]);
var TaskSchema = object2({
  taskId: string3(),
  status: TaskStatusSchema,
  /**
   * Time in milliseconds to keep task results available after completion.
   * If null, the task has unlimited lifetime until manually cleaned up.
   */
  ttl: union([number2(), _null3()]),
  /**
   * ISO 8601 timestamp when the task was created.
   */
  createdAt: string3(),
  /**
   * ISO 8601 timestamp when the task was last updated.
   */
  lastUpdatedAt: string3(),
  pollInterval: optional(number2()),
  /**
   * Optional diagnostic message for failed tasks or other status information.
   */
  statusMessage: optional(string3())
});
var CreateTaskResultSchema = ResultSchema.extend({
  task: TaskSchema
});
var TaskStatusNotificationParamsSchema = NotificationsParamsSchema.merge(TaskSchema);
var TaskStatusNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/tasks/status"),
  params: TaskStatusNotificationParamsSchema
});
var GetTaskRequestSchema = RequestSchema.extend({
  method: literal("tasks/get"),
  params: BaseRequestParamsSchema.extend({
    taskId: string3()
  })
});
var GetTaskResultSchema = ResultSchema.merge(TaskSchema);
var GetTaskPayloadRequestSchema = RequestSchema.extend({
  method: literal("tasks/result"),
  params: BaseRequestParamsSchema.extend({
    taskId: string3()
  })
});
var GetTaskPayloadResultSchema = ResultSchema.loose();
var ListTasksRequestSchema = PaginatedRequestSchema.extend({
  method: literal("tasks/list")
});
var ListTasksResultSchema = PaginatedResultSchema.extend({
  tasks: array(TaskSchema)
});
var CancelTaskRequestSchema = RequestSchema.extend({
  method: literal("tasks/cancel"),
  params: BaseRequestParamsSchema.extend({
    taskId: string3()
  })
});
var CancelTaskResultSchema = ResultSchema.merge(TaskSchema);
var ResourceContentsSchema = object2({
  /**
   * The URI of this resource.
   */
  uri: string3(),
  /**
   * The MIME type of this resource, if known.
   */
  mimeType: optional(string3()),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var TextResourceContentsSchema = ResourceContentsSchema.extend({
  /**
   * The text of the item. This must only be set if the item can actually be represented as text (not binary data).
   */
  text: string3()
});
var Base64Schema = string3().refine((val) => {
  try {
    atob(val);
    return true;
  } catch {
    return false;
  }
}, { message: "Invalid Base64 string" });
var BlobResourceContentsSchema = ResourceContentsSchema.extend({
  /**
   * A base64-encoded string representing the binary data of the item.
   */
  blob: Base64Schema
});
var RoleSchema = _enum(["user", "assistant"]);
var AnnotationsSchema = object2({
  /**
   * Intended audience(s) for the resource.
   */
  audience: array(RoleSchema).optional(),
  /**
   * Importance hint for the resource, from 0 (least) to 1 (most).
   */
  priority: number2().min(0).max(1).optional(),
  /**
   * ISO 8601 timestamp for the most recent modification.
   */
  lastModified: iso_exports.datetime({ offset: true }).optional()
});
var ResourceSchema = object2({
  ...BaseMetadataSchema.shape,
  ...IconsSchema.shape,
  /**
   * The URI of this resource.
   */
  uri: string3(),
  /**
   * A description of what this resource represents.
   *
   * This can be used by clients to improve the LLM's understanding of available resources. It can be thought of like a "hint" to the model.
   */
  description: optional(string3()),
  /**
   * The MIME type of this resource, if known.
   */
  mimeType: optional(string3()),
  /**
   * The size of the raw resource content, in bytes (i.e., before base64 encoding or any tokenization), if known.
   *
   * This can be used by Hosts to display file sizes and estimate context window usage.
   */
  size: optional(number2()),
  /**
   * Optional annotations for the client.
   */
  annotations: AnnotationsSchema.optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: optional(looseObject({}))
});
var ResourceTemplateSchema = object2({
  ...BaseMetadataSchema.shape,
  ...IconsSchema.shape,
  /**
   * A URI template (according to RFC 6570) that can be used to construct resource URIs.
   */
  uriTemplate: string3(),
  /**
   * A description of what this template is for.
   *
   * This can be used by clients to improve the LLM's understanding of available resources. It can be thought of like a "hint" to the model.
   */
  description: optional(string3()),
  /**
   * The MIME type for all resources that match this template. This should only be included if all resources matching this template have the same type.
   */
  mimeType: optional(string3()),
  /**
   * Optional annotations for the client.
   */
  annotations: AnnotationsSchema.optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: optional(looseObject({}))
});
var ListResourcesRequestSchema = PaginatedRequestSchema.extend({
  method: literal("resources/list")
});
var ListResourcesResultSchema = PaginatedResultSchema.extend({
  resources: array(ResourceSchema)
});
var ListResourceTemplatesRequestSchema = PaginatedRequestSchema.extend({
  method: literal("resources/templates/list")
});
var ListResourceTemplatesResultSchema = PaginatedResultSchema.extend({
  resourceTemplates: array(ResourceTemplateSchema)
});
var ResourceRequestParamsSchema = BaseRequestParamsSchema.extend({
  /**
   * The URI of the resource to read. The URI can use any protocol; it is up to the server how to interpret it.
   *
   * @format uri
   */
  uri: string3()
});
var ReadResourceRequestParamsSchema = ResourceRequestParamsSchema;
var ReadResourceRequestSchema = RequestSchema.extend({
  method: literal("resources/read"),
  params: ReadResourceRequestParamsSchema
});
var ReadResourceResultSchema = ResultSchema.extend({
  contents: array(union([TextResourceContentsSchema, BlobResourceContentsSchema]))
});
var ResourceListChangedNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/resources/list_changed"),
  params: NotificationsParamsSchema.optional()
});
var SubscribeRequestParamsSchema = ResourceRequestParamsSchema;
var SubscribeRequestSchema = RequestSchema.extend({
  method: literal("resources/subscribe"),
  params: SubscribeRequestParamsSchema
});
var UnsubscribeRequestParamsSchema = ResourceRequestParamsSchema;
var UnsubscribeRequestSchema = RequestSchema.extend({
  method: literal("resources/unsubscribe"),
  params: UnsubscribeRequestParamsSchema
});
var ResourceUpdatedNotificationParamsSchema = NotificationsParamsSchema.extend({
  /**
   * The URI of the resource that has been updated. This might be a sub-resource of the one that the client actually subscribed to.
   */
  uri: string3()
});
var ResourceUpdatedNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/resources/updated"),
  params: ResourceUpdatedNotificationParamsSchema
});
var PromptArgumentSchema = object2({
  /**
   * The name of the argument.
   */
  name: string3(),
  /**
   * A human-readable description of the argument.
   */
  description: optional(string3()),
  /**
   * Whether this argument must be provided.
   */
  required: optional(boolean3())
});
var PromptSchema = object2({
  ...BaseMetadataSchema.shape,
  ...IconsSchema.shape,
  /**
   * An optional description of what this prompt provides
   */
  description: optional(string3()),
  /**
   * A list of arguments to use for templating the prompt.
   */
  arguments: optional(array(PromptArgumentSchema)),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: optional(looseObject({}))
});
var ListPromptsRequestSchema = PaginatedRequestSchema.extend({
  method: literal("prompts/list")
});
var ListPromptsResultSchema = PaginatedResultSchema.extend({
  prompts: array(PromptSchema)
});
var GetPromptRequestParamsSchema = BaseRequestParamsSchema.extend({
  /**
   * The name of the prompt or prompt template.
   */
  name: string3(),
  /**
   * Arguments to use for templating the prompt.
   */
  arguments: record(string3(), string3()).optional()
});
var GetPromptRequestSchema = RequestSchema.extend({
  method: literal("prompts/get"),
  params: GetPromptRequestParamsSchema
});
var TextContentSchema = object2({
  type: literal("text"),
  /**
   * The text content of the message.
   */
  text: string3(),
  /**
   * Optional annotations for the client.
   */
  annotations: AnnotationsSchema.optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var ImageContentSchema = object2({
  type: literal("image"),
  /**
   * The base64-encoded image data.
   */
  data: Base64Schema,
  /**
   * The MIME type of the image. Different providers may support different image types.
   */
  mimeType: string3(),
  /**
   * Optional annotations for the client.
   */
  annotations: AnnotationsSchema.optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var AudioContentSchema = object2({
  type: literal("audio"),
  /**
   * The base64-encoded audio data.
   */
  data: Base64Schema,
  /**
   * The MIME type of the audio. Different providers may support different audio types.
   */
  mimeType: string3(),
  /**
   * Optional annotations for the client.
   */
  annotations: AnnotationsSchema.optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var ToolUseContentSchema = object2({
  type: literal("tool_use"),
  /**
   * The name of the tool to invoke.
   * Must match a tool name from the request's tools array.
   */
  name: string3(),
  /**
   * Unique identifier for this tool call.
   * Used to correlate with ToolResultContent in subsequent messages.
   */
  id: string3(),
  /**
   * Arguments to pass to the tool.
   * Must conform to the tool's inputSchema.
   */
  input: record(string3(), unknown()),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var EmbeddedResourceSchema = object2({
  type: literal("resource"),
  resource: union([TextResourceContentsSchema, BlobResourceContentsSchema]),
  /**
   * Optional annotations for the client.
   */
  annotations: AnnotationsSchema.optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var ResourceLinkSchema = ResourceSchema.extend({
  type: literal("resource_link")
});
var ContentBlockSchema = union([
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema
]);
var PromptMessageSchema = object2({
  role: RoleSchema,
  content: ContentBlockSchema
});
var GetPromptResultSchema = ResultSchema.extend({
  /**
   * An optional description for the prompt.
   */
  description: string3().optional(),
  messages: array(PromptMessageSchema)
});
var PromptListChangedNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/prompts/list_changed"),
  params: NotificationsParamsSchema.optional()
});
var ToolAnnotationsSchema = object2({
  /**
   * A human-readable title for the tool.
   */
  title: string3().optional(),
  /**
   * If true, the tool does not modify its environment.
   *
   * Default: false
   */
  readOnlyHint: boolean3().optional(),
  /**
   * If true, the tool may perform destructive updates to its environment.
   * If false, the tool performs only additive updates.
   *
   * (This property is meaningful only when `readOnlyHint == false`)
   *
   * Default: true
   */
  destructiveHint: boolean3().optional(),
  /**
   * If true, calling the tool repeatedly with the same arguments
   * will have no additional effect on the its environment.
   *
   * (This property is meaningful only when `readOnlyHint == false`)
   *
   * Default: false
   */
  idempotentHint: boolean3().optional(),
  /**
   * If true, this tool may interact with an "open world" of external
   * entities. If false, the tool's domain of interaction is closed.
   * For example, the world of a web search tool is open, whereas that
   * of a memory tool is not.
   *
   * Default: true
   */
  openWorldHint: boolean3().optional()
});
var ToolExecutionSchema = object2({
  /**
   * Indicates the tool's preference for task-augmented execution.
   * - "required": Clients MUST invoke the tool as a task
   * - "optional": Clients MAY invoke the tool as a task or normal request
   * - "forbidden": Clients MUST NOT attempt to invoke the tool as a task
   *
   * If not present, defaults to "forbidden".
   */
  taskSupport: _enum(["required", "optional", "forbidden"]).optional()
});
var ToolSchema = object2({
  ...BaseMetadataSchema.shape,
  ...IconsSchema.shape,
  /**
   * A human-readable description of the tool.
   */
  description: string3().optional(),
  /**
   * A JSON Schema 2020-12 object defining the expected parameters for the tool.
   * Must have type: 'object' at the root level per MCP spec.
   */
  inputSchema: object2({
    type: literal("object"),
    properties: record(string3(), AssertObjectSchema).optional(),
    required: array(string3()).optional()
  }).catchall(unknown()),
  /**
   * An optional JSON Schema 2020-12 object defining the structure of the tool's output
   * returned in the structuredContent field of a CallToolResult.
   * Must have type: 'object' at the root level per MCP spec.
   */
  outputSchema: object2({
    type: literal("object"),
    properties: record(string3(), AssertObjectSchema).optional(),
    required: array(string3()).optional()
  }).catchall(unknown()).optional(),
  /**
   * Optional additional tool information.
   */
  annotations: ToolAnnotationsSchema.optional(),
  /**
   * Execution-related properties for this tool.
   */
  execution: ToolExecutionSchema.optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var ListToolsRequestSchema = PaginatedRequestSchema.extend({
  method: literal("tools/list")
});
var ListToolsResultSchema = PaginatedResultSchema.extend({
  tools: array(ToolSchema)
});
var CallToolResultSchema = ResultSchema.extend({
  /**
   * A list of content objects that represent the result of the tool call.
   *
   * If the Tool does not define an outputSchema, this field MUST be present in the result.
   * For backwards compatibility, this field is always present, but it may be empty.
   */
  content: array(ContentBlockSchema).default([]),
  /**
   * An object containing structured tool output.
   *
   * If the Tool defines an outputSchema, this field MUST be present in the result, and contain a JSON object that matches the schema.
   */
  structuredContent: record(string3(), unknown()).optional(),
  /**
   * Whether the tool call ended in an error.
   *
   * If not set, this is assumed to be false (the call was successful).
   *
   * Any errors that originate from the tool SHOULD be reported inside the result
   * object, with `isError` set to true, _not_ as an MCP protocol-level error
   * response. Otherwise, the LLM would not be able to see that an error occurred
   * and self-correct.
   *
   * However, any errors in _finding_ the tool, an error indicating that the
   * server does not support tool calls, or any other exceptional conditions,
   * should be reported as an MCP error response.
   */
  isError: boolean3().optional()
});
var CompatibilityCallToolResultSchema = CallToolResultSchema.or(ResultSchema.extend({
  toolResult: unknown()
}));
var CallToolRequestParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  /**
   * The name of the tool to call.
   */
  name: string3(),
  /**
   * Arguments to pass to the tool.
   */
  arguments: record(string3(), unknown()).optional()
});
var CallToolRequestSchema = RequestSchema.extend({
  method: literal("tools/call"),
  params: CallToolRequestParamsSchema
});
var ToolListChangedNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/tools/list_changed"),
  params: NotificationsParamsSchema.optional()
});
var ListChangedOptionsBaseSchema = object2({
  /**
   * If true, the list will be refreshed automatically when a list changed notification is received.
   * The callback will be called with the updated list.
   *
   * If false, the callback will be called with null items, allowing manual refresh.
   *
   * @default true
   */
  autoRefresh: boolean3().default(true),
  /**
   * Debounce time in milliseconds for list changed notification processing.
   *
   * Multiple notifications received within this timeframe will only trigger one refresh.
   * Set to 0 to disable debouncing.
   *
   * @default 300
   */
  debounceMs: number2().int().nonnegative().default(300)
});
var LoggingLevelSchema = _enum(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]);
var SetLevelRequestParamsSchema = BaseRequestParamsSchema.extend({
  /**
   * The level of logging that the client wants to receive from the server. The server should send all logs at this level and higher (i.e., more severe) to the client as notifications/logging/message.
   */
  level: LoggingLevelSchema
});
var SetLevelRequestSchema = RequestSchema.extend({
  method: literal("logging/setLevel"),
  params: SetLevelRequestParamsSchema
});
var LoggingMessageNotificationParamsSchema = NotificationsParamsSchema.extend({
  /**
   * The severity of this log message.
   */
  level: LoggingLevelSchema,
  /**
   * An optional name of the logger issuing this message.
   */
  logger: string3().optional(),
  /**
   * The data to be logged, such as a string message or an object. Any JSON serializable type is allowed here.
   */
  data: unknown()
});
var LoggingMessageNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/message"),
  params: LoggingMessageNotificationParamsSchema
});
var ModelHintSchema = object2({
  /**
   * A hint for a model name.
   */
  name: string3().optional()
});
var ModelPreferencesSchema = object2({
  /**
   * Optional hints to use for model selection.
   */
  hints: array(ModelHintSchema).optional(),
  /**
   * How much to prioritize cost when selecting a model.
   */
  costPriority: number2().min(0).max(1).optional(),
  /**
   * How much to prioritize sampling speed (latency) when selecting a model.
   */
  speedPriority: number2().min(0).max(1).optional(),
  /**
   * How much to prioritize intelligence and capabilities when selecting a model.
   */
  intelligencePriority: number2().min(0).max(1).optional()
});
var ToolChoiceSchema = object2({
  /**
   * Controls when tools are used:
   * - "auto": Model decides whether to use tools (default)
   * - "required": Model MUST use at least one tool before completing
   * - "none": Model MUST NOT use any tools
   */
  mode: _enum(["auto", "required", "none"]).optional()
});
var ToolResultContentSchema = object2({
  type: literal("tool_result"),
  toolUseId: string3().describe("The unique identifier for the corresponding tool call."),
  content: array(ContentBlockSchema).default([]),
  structuredContent: object2({}).loose().optional(),
  isError: boolean3().optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var SamplingContentSchema = discriminatedUnion("type", [TextContentSchema, ImageContentSchema, AudioContentSchema]);
var SamplingMessageContentBlockSchema = discriminatedUnion("type", [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ToolUseContentSchema,
  ToolResultContentSchema
]);
var SamplingMessageSchema = object2({
  role: RoleSchema,
  content: union([SamplingMessageContentBlockSchema, array(SamplingMessageContentBlockSchema)]),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var CreateMessageRequestParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  messages: array(SamplingMessageSchema),
  /**
   * The server's preferences for which model to select. The client MAY modify or omit this request.
   */
  modelPreferences: ModelPreferencesSchema.optional(),
  /**
   * An optional system prompt the server wants to use for sampling. The client MAY modify or omit this prompt.
   */
  systemPrompt: string3().optional(),
  /**
   * A request to include context from one or more MCP servers (including the caller), to be attached to the prompt.
   * The client MAY ignore this request.
   *
   * Default is "none". Values "thisServer" and "allServers" are soft-deprecated. Servers SHOULD only use these values if the client
   * declares ClientCapabilities.sampling.context. These values may be removed in future spec releases.
   */
  includeContext: _enum(["none", "thisServer", "allServers"]).optional(),
  temperature: number2().optional(),
  /**
   * The requested maximum number of tokens to sample (to prevent runaway completions).
   *
   * The client MAY choose to sample fewer tokens than the requested maximum.
   */
  maxTokens: number2().int(),
  stopSequences: array(string3()).optional(),
  /**
   * Optional metadata to pass through to the LLM provider. The format of this metadata is provider-specific.
   */
  metadata: AssertObjectSchema.optional(),
  /**
   * Tools that the model may use during generation.
   * The client MUST return an error if this field is provided but ClientCapabilities.sampling.tools is not declared.
   */
  tools: array(ToolSchema).optional(),
  /**
   * Controls how the model uses tools.
   * The client MUST return an error if this field is provided but ClientCapabilities.sampling.tools is not declared.
   * Default is `{ mode: "auto" }`.
   */
  toolChoice: ToolChoiceSchema.optional()
});
var CreateMessageRequestSchema = RequestSchema.extend({
  method: literal("sampling/createMessage"),
  params: CreateMessageRequestParamsSchema
});
var CreateMessageResultSchema = ResultSchema.extend({
  /**
   * The name of the model that generated the message.
   */
  model: string3(),
  /**
   * The reason why sampling stopped, if known.
   *
   * Standard values:
   * - "endTurn": Natural end of the assistant's turn
   * - "stopSequence": A stop sequence was encountered
   * - "maxTokens": Maximum token limit was reached
   *
   * This field is an open string to allow for provider-specific stop reasons.
   */
  stopReason: optional(_enum(["endTurn", "stopSequence", "maxTokens"]).or(string3())),
  role: RoleSchema,
  /**
   * Response content. Single content block (text, image, or audio).
   */
  content: SamplingContentSchema
});
var CreateMessageResultWithToolsSchema = ResultSchema.extend({
  /**
   * The name of the model that generated the message.
   */
  model: string3(),
  /**
   * The reason why sampling stopped, if known.
   *
   * Standard values:
   * - "endTurn": Natural end of the assistant's turn
   * - "stopSequence": A stop sequence was encountered
   * - "maxTokens": Maximum token limit was reached
   * - "toolUse": The model wants to use one or more tools
   *
   * This field is an open string to allow for provider-specific stop reasons.
   */
  stopReason: optional(_enum(["endTurn", "stopSequence", "maxTokens", "toolUse"]).or(string3())),
  role: RoleSchema,
  /**
   * Response content. May be a single block or array. May include ToolUseContent if stopReason is "toolUse".
   */
  content: union([SamplingMessageContentBlockSchema, array(SamplingMessageContentBlockSchema)])
});
var BooleanSchemaSchema = object2({
  type: literal("boolean"),
  title: string3().optional(),
  description: string3().optional(),
  default: boolean3().optional()
});
var StringSchemaSchema = object2({
  type: literal("string"),
  title: string3().optional(),
  description: string3().optional(),
  minLength: number2().optional(),
  maxLength: number2().optional(),
  format: _enum(["email", "uri", "date", "date-time"]).optional(),
  default: string3().optional()
});
var NumberSchemaSchema = object2({
  type: _enum(["number", "integer"]),
  title: string3().optional(),
  description: string3().optional(),
  minimum: number2().optional(),
  maximum: number2().optional(),
  default: number2().optional()
});
var UntitledSingleSelectEnumSchemaSchema = object2({
  type: literal("string"),
  title: string3().optional(),
  description: string3().optional(),
  enum: array(string3()),
  default: string3().optional()
});
var TitledSingleSelectEnumSchemaSchema = object2({
  type: literal("string"),
  title: string3().optional(),
  description: string3().optional(),
  oneOf: array(object2({
    const: string3(),
    title: string3()
  })),
  default: string3().optional()
});
var LegacyTitledEnumSchemaSchema = object2({
  type: literal("string"),
  title: string3().optional(),
  description: string3().optional(),
  enum: array(string3()),
  enumNames: array(string3()).optional(),
  default: string3().optional()
});
var SingleSelectEnumSchemaSchema = union([UntitledSingleSelectEnumSchemaSchema, TitledSingleSelectEnumSchemaSchema]);
var UntitledMultiSelectEnumSchemaSchema = object2({
  type: literal("array"),
  title: string3().optional(),
  description: string3().optional(),
  minItems: number2().optional(),
  maxItems: number2().optional(),
  items: object2({
    type: literal("string"),
    enum: array(string3())
  }),
  default: array(string3()).optional()
});
var TitledMultiSelectEnumSchemaSchema = object2({
  type: literal("array"),
  title: string3().optional(),
  description: string3().optional(),
  minItems: number2().optional(),
  maxItems: number2().optional(),
  items: object2({
    anyOf: array(object2({
      const: string3(),
      title: string3()
    }))
  }),
  default: array(string3()).optional()
});
var MultiSelectEnumSchemaSchema = union([UntitledMultiSelectEnumSchemaSchema, TitledMultiSelectEnumSchemaSchema]);
var EnumSchemaSchema = union([LegacyTitledEnumSchemaSchema, SingleSelectEnumSchemaSchema, MultiSelectEnumSchemaSchema]);
var PrimitiveSchemaDefinitionSchema = union([EnumSchemaSchema, BooleanSchemaSchema, StringSchemaSchema, NumberSchemaSchema]);
var ElicitRequestFormParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  /**
   * The elicitation mode.
   *
   * Optional for backward compatibility. Clients MUST treat missing mode as "form".
   */
  mode: literal("form").optional(),
  /**
   * The message to present to the user describing what information is being requested.
   */
  message: string3(),
  /**
   * A restricted subset of JSON Schema.
   * Only top-level properties are allowed, without nesting.
   */
  requestedSchema: object2({
    type: literal("object"),
    properties: record(string3(), PrimitiveSchemaDefinitionSchema),
    required: array(string3()).optional()
  })
});
var ElicitRequestURLParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  /**
   * The elicitation mode.
   */
  mode: literal("url"),
  /**
   * The message to present to the user explaining why the interaction is needed.
   */
  message: string3(),
  /**
   * The ID of the elicitation, which must be unique within the context of the server.
   * The client MUST treat this ID as an opaque value.
   */
  elicitationId: string3(),
  /**
   * The URL that the user should navigate to.
   */
  url: string3().url()
});
var ElicitRequestParamsSchema = union([ElicitRequestFormParamsSchema, ElicitRequestURLParamsSchema]);
var ElicitRequestSchema = RequestSchema.extend({
  method: literal("elicitation/create"),
  params: ElicitRequestParamsSchema
});
var ElicitationCompleteNotificationParamsSchema = NotificationsParamsSchema.extend({
  /**
   * The ID of the elicitation that completed.
   */
  elicitationId: string3()
});
var ElicitationCompleteNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/elicitation/complete"),
  params: ElicitationCompleteNotificationParamsSchema
});
var ElicitResultSchema = ResultSchema.extend({
  /**
   * The user action in response to the elicitation.
   * - "accept": User submitted the form/confirmed the action
   * - "decline": User explicitly decline the action
   * - "cancel": User dismissed without making an explicit choice
   */
  action: _enum(["accept", "decline", "cancel"]),
  /**
   * The submitted form data, only present when action is "accept".
   * Contains values matching the requested schema.
   * Per MCP spec, content is "typically omitted" for decline/cancel actions.
   * We normalize null to undefined for leniency while maintaining type compatibility.
   */
  content: preprocess((val) => val === null ? void 0 : val, record(string3(), union([string3(), number2(), boolean3(), array(string3())])).optional())
});
var ResourceTemplateReferenceSchema = object2({
  type: literal("ref/resource"),
  /**
   * The URI or URI template of the resource.
   */
  uri: string3()
});
var PromptReferenceSchema = object2({
  type: literal("ref/prompt"),
  /**
   * The name of the prompt or prompt template
   */
  name: string3()
});
var CompleteRequestParamsSchema = BaseRequestParamsSchema.extend({
  ref: union([PromptReferenceSchema, ResourceTemplateReferenceSchema]),
  /**
   * The argument's information
   */
  argument: object2({
    /**
     * The name of the argument
     */
    name: string3(),
    /**
     * The value of the argument to use for completion matching.
     */
    value: string3()
  }),
  context: object2({
    /**
     * Previously-resolved variables in a URI template or prompt.
     */
    arguments: record(string3(), string3()).optional()
  }).optional()
});
var CompleteRequestSchema = RequestSchema.extend({
  method: literal("completion/complete"),
  params: CompleteRequestParamsSchema
});
var CompleteResultSchema = ResultSchema.extend({
  completion: looseObject({
    /**
     * An array of completion values. Must not exceed 100 items.
     */
    values: array(string3()).max(100),
    /**
     * The total number of completion options available. This can exceed the number of values actually sent in the response.
     */
    total: optional(number2().int()),
    /**
     * Indicates whether there are additional completion options beyond those provided in the current response, even if the exact total is unknown.
     */
    hasMore: optional(boolean3())
  })
});
var RootSchema = object2({
  /**
   * The URI identifying the root. This *must* start with file:// for now.
   */
  uri: string3().startsWith("file://"),
  /**
   * An optional name for the root.
   */
  name: string3().optional(),
  /**
   * See [MCP specification](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/47339c03c143bb4ec01a26e721a1b8fe66634ebe/docs/specification/draft/basic/index.mdx#general-fields)
   * for notes on _meta usage.
   */
  _meta: record(string3(), unknown()).optional()
});
var ListRootsRequestSchema = RequestSchema.extend({
  method: literal("roots/list"),
  params: BaseRequestParamsSchema.optional()
});
var ListRootsResultSchema = ResultSchema.extend({
  roots: array(RootSchema)
});
var RootsListChangedNotificationSchema = NotificationSchema.extend({
  method: literal("notifications/roots/list_changed"),
  params: NotificationsParamsSchema.optional()
});
var ClientRequestSchema = union([
  PingRequestSchema,
  InitializeRequestSchema,
  CompleteRequestSchema,
  SetLevelRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  CallToolRequestSchema,
  ListToolsRequestSchema,
  GetTaskRequestSchema,
  GetTaskPayloadRequestSchema,
  ListTasksRequestSchema,
  CancelTaskRequestSchema
]);
var ClientNotificationSchema = union([
  CancelledNotificationSchema,
  ProgressNotificationSchema,
  InitializedNotificationSchema,
  RootsListChangedNotificationSchema,
  TaskStatusNotificationSchema
]);
var ClientResultSchema = union([
  EmptyResultSchema,
  CreateMessageResultSchema,
  CreateMessageResultWithToolsSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
  CreateTaskResultSchema
]);
var ServerRequestSchema = union([
  PingRequestSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  GetTaskRequestSchema,
  GetTaskPayloadRequestSchema,
  ListTasksRequestSchema,
  CancelTaskRequestSchema
]);
var ServerNotificationSchema = union([
  CancelledNotificationSchema,
  ProgressNotificationSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  PromptListChangedNotificationSchema,
  TaskStatusNotificationSchema,
  ElicitationCompleteNotificationSchema
]);
var ServerResultSchema = union([
  EmptyResultSchema,
  InitializeResultSchema,
  CompleteResultSchema,
  GetPromptResultSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceResultSchema,
  CallToolResultSchema,
  ListToolsResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
  CreateTaskResultSchema
]);
var McpError = class _McpError extends Error {
  constructor(code2, message, data) {
    super(`MCP error ${code2}: ${message}`);
    this.code = code2;
    this.data = data;
    this.name = "McpError";
  }
  /**
   * Factory method to create the appropriate error type based on the error code and data
   */
  static fromError(code2, message, data) {
    if (code2 === ErrorCode.UrlElicitationRequired && data) {
      const errorData = data;
      if (errorData.elicitations) {
        return new UrlElicitationRequiredError(errorData.elicitations, message);
      }
    }
    return new _McpError(code2, message, data);
  }
};
var UrlElicitationRequiredError = class extends McpError {
  constructor(elicitations, message = `URL elicitation${elicitations.length > 1 ? "s" : ""} required`) {
    super(ErrorCode.UrlElicitationRequired, message, {
      elicitations
    });
  }
  get elicitations() {
    return this.data?.elicitations ?? [];
  }
};

// node_modules/@modelcontextprotocol/sdk/dist/esm/experimental/tasks/interfaces.js
function isTerminal(status) {
  return status === "completed" || status === "failed" || status === "cancelled";
}

// node_modules/zod-to-json-schema/dist/esm/parsers/string.js
var ALPHA_NUMERIC = new Set("ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvxyz0123456789");

// node_modules/@modelcontextprotocol/sdk/dist/esm/server/zod-json-schema-compat.js
function getMethodLiteral(schema) {
  const shape = getObjectShape(schema);
  const methodSchema = shape?.method;
  if (!methodSchema) {
    throw new Error("Schema is missing a method literal");
  }
  const value = getLiteralValue(methodSchema);
  if (typeof value !== "string") {
    throw new Error("Schema method literal must be a string");
  }
  return value;
}
function parseWithCompat(schema, data) {
  const result = safeParse2(schema, data);
  if (!result.success) {
    throw result.error;
  }
  return result.data;
}

// node_modules/@modelcontextprotocol/sdk/dist/esm/shared/protocol.js
var DEFAULT_REQUEST_TIMEOUT_MSEC = 6e4;
var Protocol = class {
  constructor(_options) {
    this._options = _options;
    this._requestMessageId = 0;
    this._requestHandlers = /* @__PURE__ */ new Map();
    this._requestHandlerAbortControllers = /* @__PURE__ */ new Map();
    this._notificationHandlers = /* @__PURE__ */ new Map();
    this._responseHandlers = /* @__PURE__ */ new Map();
    this._progressHandlers = /* @__PURE__ */ new Map();
    this._timeoutInfo = /* @__PURE__ */ new Map();
    this._pendingDebouncedNotifications = /* @__PURE__ */ new Set();
    this._taskProgressTokens = /* @__PURE__ */ new Map();
    this._requestResolvers = /* @__PURE__ */ new Map();
    this.setNotificationHandler(CancelledNotificationSchema, (notification) => {
      this._oncancel(notification);
    });
    this.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      this._onprogress(notification);
    });
    this.setRequestHandler(
      PingRequestSchema,
      // Automatic pong by default.
      (_request) => ({})
    );
    this._taskStore = _options?.taskStore;
    this._taskMessageQueue = _options?.taskMessageQueue;
    if (this._taskStore) {
      this.setRequestHandler(GetTaskRequestSchema, async (request, extra) => {
        const task = await this._taskStore.getTask(request.params.taskId, extra.sessionId);
        if (!task) {
          throw new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");
        }
        return {
          ...task
        };
      });
      this.setRequestHandler(GetTaskPayloadRequestSchema, async (request, extra) => {
        const handleTaskResult = async () => {
          const taskId = request.params.taskId;
          if (!await this._taskStore.getTask(taskId, extra.sessionId)) {
            throw new McpError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);
          }
          if (this._taskMessageQueue) {
            let queuedMessage;
            while (queuedMessage = await this._taskMessageQueue.dequeue(taskId, extra.sessionId)) {
              if (queuedMessage.type === "response" || queuedMessage.type === "error") {
                const message = queuedMessage.message;
                const requestId = message.id;
                const resolver = this._requestResolvers.get(requestId);
                if (resolver) {
                  this._requestResolvers.delete(requestId);
                  if (queuedMessage.type === "response") {
                    resolver(message);
                  } else {
                    const errorMessage = message;
                    const error2 = new McpError(errorMessage.error.code, errorMessage.error.message, errorMessage.error.data);
                    resolver(error2);
                  }
                } else {
                  const messageType = queuedMessage.type === "response" ? "Response" : "Error";
                  this._onerror(new Error(`${messageType} handler missing for request ${requestId}`));
                }
                continue;
              }
              await this._transport?.send(queuedMessage.message, { relatedRequestId: extra.requestId });
            }
          }
          const task = await this._taskStore.getTask(taskId, extra.sessionId);
          if (!task) {
            throw new McpError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);
          }
          if (!isTerminal(task.status)) {
            await this._waitForTaskUpdate(taskId, extra.signal, extra.sessionId);
            return await handleTaskResult();
          }
          if (isTerminal(task.status)) {
            const result = await this._taskStore.getTaskResult(taskId, extra.sessionId);
            this._clearTaskQueue(taskId, extra.sessionId);
            return {
              ...result,
              _meta: {
                ...result._meta,
                [RELATED_TASK_META_KEY]: {
                  taskId
                }
              }
            };
          }
          return await handleTaskResult();
        };
        return await handleTaskResult();
      });
      this.setRequestHandler(ListTasksRequestSchema, async (request, extra) => {
        try {
          const { tasks, nextCursor } = await this._taskStore.listTasks(request.params?.cursor, extra.sessionId);
          return {
            tasks,
            nextCursor,
            _meta: {}
          };
        } catch (error2) {
          throw new McpError(ErrorCode.InvalidParams, `Failed to list tasks: ${error2 instanceof Error ? error2.message : String(error2)}`);
        }
      });
      this.setRequestHandler(CancelTaskRequestSchema, async (request, extra) => {
        try {
          const task = await this._taskStore.getTask(request.params.taskId, extra.sessionId);
          if (!task) {
            throw new McpError(ErrorCode.InvalidParams, `Task not found: ${request.params.taskId}`);
          }
          if (isTerminal(task.status)) {
            throw new McpError(ErrorCode.InvalidParams, `Cannot cancel task in terminal status: ${task.status}`);
          }
          await this._taskStore.updateTaskStatus(request.params.taskId, "cancelled", "Client cancelled task execution.", extra.sessionId);
          this._clearTaskQueue(request.params.taskId, extra.sessionId);
          const cancelledTask = await this._taskStore.getTask(request.params.taskId, extra.sessionId);
          if (!cancelledTask) {
            throw new McpError(ErrorCode.InvalidParams, `Task not found after cancellation: ${request.params.taskId}`);
          }
          return {
            _meta: {},
            ...cancelledTask
          };
        } catch (error2) {
          if (error2 instanceof McpError) {
            throw error2;
          }
          throw new McpError(ErrorCode.InvalidRequest, `Failed to cancel task: ${error2 instanceof Error ? error2.message : String(error2)}`);
        }
      });
    }
  }
  async _oncancel(notification) {
    if (!notification.params.requestId) {
      return;
    }
    const controller = this._requestHandlerAbortControllers.get(notification.params.requestId);
    controller?.abort(notification.params.reason);
  }
  _setupTimeout(messageId, timeout, maxTotalTimeout, onTimeout, resetTimeoutOnProgress = false) {
    this._timeoutInfo.set(messageId, {
      timeoutId: setTimeout(onTimeout, timeout),
      startTime: Date.now(),
      timeout,
      maxTotalTimeout,
      resetTimeoutOnProgress,
      onTimeout
    });
  }
  _resetTimeout(messageId) {
    const info = this._timeoutInfo.get(messageId);
    if (!info)
      return false;
    const totalElapsed = Date.now() - info.startTime;
    if (info.maxTotalTimeout && totalElapsed >= info.maxTotalTimeout) {
      this._timeoutInfo.delete(messageId);
      throw McpError.fromError(ErrorCode.RequestTimeout, "Maximum total timeout exceeded", {
        maxTotalTimeout: info.maxTotalTimeout,
        totalElapsed
      });
    }
    clearTimeout(info.timeoutId);
    info.timeoutId = setTimeout(info.onTimeout, info.timeout);
    return true;
  }
  _cleanupTimeout(messageId) {
    const info = this._timeoutInfo.get(messageId);
    if (info) {
      clearTimeout(info.timeoutId);
      this._timeoutInfo.delete(messageId);
    }
  }
  /**
   * Attaches to the given transport, starts it, and starts listening for messages.
   *
   * The Protocol object assumes ownership of the Transport, replacing any callbacks that have already been set, and expects that it is the only user of the Transport instance going forward.
   */
  async connect(transport) {
    if (this._transport) {
      throw new Error("Already connected to a transport. Call close() before connecting to a new transport, or use a separate Protocol instance per connection.");
    }
    this._transport = transport;
    const _onclose = this.transport?.onclose;
    this._transport.onclose = () => {
      _onclose?.();
      this._onclose();
    };
    const _onerror = this.transport?.onerror;
    this._transport.onerror = (error2) => {
      _onerror?.(error2);
      this._onerror(error2);
    };
    const _onmessage = this._transport?.onmessage;
    this._transport.onmessage = (message, extra) => {
      _onmessage?.(message, extra);
      if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
        this._onresponse(message);
      } else if (isJSONRPCRequest(message)) {
        this._onrequest(message, extra);
      } else if (isJSONRPCNotification(message)) {
        this._onnotification(message);
      } else {
        this._onerror(new Error(`Unknown message type: ${JSON.stringify(message)}`));
      }
    };
    await this._transport.start();
  }
  _onclose() {
    const responseHandlers = this._responseHandlers;
    this._responseHandlers = /* @__PURE__ */ new Map();
    this._progressHandlers.clear();
    this._taskProgressTokens.clear();
    this._pendingDebouncedNotifications.clear();
    for (const info of this._timeoutInfo.values()) {
      clearTimeout(info.timeoutId);
    }
    this._timeoutInfo.clear();
    for (const controller of this._requestHandlerAbortControllers.values()) {
      controller.abort();
    }
    this._requestHandlerAbortControllers.clear();
    const error2 = McpError.fromError(ErrorCode.ConnectionClosed, "Connection closed");
    this._transport = void 0;
    this.onclose?.();
    for (const handler of responseHandlers.values()) {
      handler(error2);
    }
  }
  _onerror(error2) {
    this.onerror?.(error2);
  }
  _onnotification(notification) {
    const handler = this._notificationHandlers.get(notification.method) ?? this.fallbackNotificationHandler;
    if (handler === void 0) {
      return;
    }
    Promise.resolve().then(() => handler(notification)).catch((error2) => this._onerror(new Error(`Uncaught error in notification handler: ${error2}`)));
  }
  _onrequest(request, extra) {
    const handler = this._requestHandlers.get(request.method) ?? this.fallbackRequestHandler;
    const capturedTransport = this._transport;
    const relatedTaskId = request.params?._meta?.[RELATED_TASK_META_KEY]?.taskId;
    const sessionId = capturedTransport?.sessionId;
    const store = this._taskStore;
    let relatedTaskFound = true;
    let relatedTaskLookup;
    if (relatedTaskId && store && this._taskMessageQueue && sessionId !== void 0) {
      relatedTaskFound = false;
      relatedTaskLookup = (async () => {
        if (!await store.getTask(relatedTaskId, sessionId)) {
          throw new McpError(ErrorCode.InvalidParams, `Task not found: ${relatedTaskId}`);
        }
        relatedTaskFound = true;
      })();
    }
    if (handler === void 0) {
      const errorResponse = {
        jsonrpc: "2.0",
        id: request.id,
        error: {
          code: ErrorCode.MethodNotFound,
          message: "Method not found"
        }
      };
      if (relatedTaskId && relatedTaskLookup) {
        const queuedError = { type: "error", message: errorResponse, timestamp: Date.now() };
        relatedTaskLookup.then(() => this._enqueueTaskMessage(relatedTaskId, queuedError, sessionId), () => capturedTransport?.send(errorResponse)).catch((error2) => this._onerror(new Error(`Failed to send an error response: ${error2}`)));
      } else if (relatedTaskId && this._taskMessageQueue) {
        this._enqueueTaskMessage(relatedTaskId, {
          type: "error",
          message: errorResponse,
          timestamp: Date.now()
        }, capturedTransport?.sessionId).catch((error2) => this._onerror(new Error(`Failed to enqueue error response: ${error2}`)));
      } else {
        capturedTransport?.send(errorResponse).catch((error2) => this._onerror(new Error(`Failed to send an error response: ${error2}`)));
      }
      return;
    }
    const abortController = new AbortController();
    this._requestHandlerAbortControllers.set(request.id, abortController);
    const taskCreationParams = isTaskAugmentedRequestParams(request.params) ? request.params.task : void 0;
    const taskStore = this._taskStore ? this.requestTaskStore(request, capturedTransport?.sessionId) : void 0;
    const fullExtra = {
      signal: abortController.signal,
      sessionId: capturedTransport?.sessionId,
      _meta: request.params?._meta,
      sendNotification: async (notification) => {
        if (abortController.signal.aborted)
          return;
        const notificationOptions = { relatedRequestId: request.id };
        if (relatedTaskId) {
          notificationOptions.relatedTask = { taskId: relatedTaskId };
        }
        await this.notification(notification, notificationOptions);
      },
      sendRequest: async (r, resultSchema, options) => {
        if (abortController.signal.aborted) {
          throw new McpError(ErrorCode.ConnectionClosed, "Request was cancelled");
        }
        const requestOptions = { ...options, relatedRequestId: request.id };
        if (relatedTaskId && !requestOptions.relatedTask) {
          requestOptions.relatedTask = { taskId: relatedTaskId };
        }
        const effectiveTaskId = requestOptions.relatedTask?.taskId ?? relatedTaskId;
        if (effectiveTaskId && taskStore) {
          await taskStore.updateTaskStatus(effectiveTaskId, "input_required");
        }
        return await this.request(r, resultSchema, requestOptions);
      },
      authInfo: extra?.authInfo,
      requestId: request.id,
      requestInfo: extra?.requestInfo,
      taskId: relatedTaskId,
      taskStore,
      taskRequestedTtl: taskCreationParams?.ttl,
      closeSSEStream: extra?.closeSSEStream,
      closeStandaloneSSEStream: extra?.closeStandaloneSSEStream
    };
    (relatedTaskLookup ?? Promise.resolve()).then(() => {
      if (relatedTaskLookup && abortController.signal.aborted) {
        throw new McpError(ErrorCode.ConnectionClosed, "Request was cancelled");
      }
      if (taskCreationParams) {
        this.assertTaskHandlerCapability(request.method);
      }
    }).then(() => handler(request, fullExtra)).then(async (result) => {
      if (abortController.signal.aborted) {
        return;
      }
      const response = {
        result,
        jsonrpc: "2.0",
        id: request.id
      };
      if (relatedTaskId && this._taskMessageQueue) {
        await this._enqueueTaskMessage(relatedTaskId, {
          type: "response",
          message: response,
          timestamp: Date.now()
        }, capturedTransport?.sessionId);
      } else {
        await capturedTransport?.send(response);
      }
    }, async (error2) => {
      if (abortController.signal.aborted) {
        return;
      }
      const errorResponse = {
        jsonrpc: "2.0",
        id: request.id,
        error: {
          code: Number.isSafeInteger(error2["code"]) ? error2["code"] : ErrorCode.InternalError,
          message: error2.message ?? "Internal error",
          ...error2["data"] !== void 0 && { data: error2["data"] }
        }
      };
      if (relatedTaskId && this._taskMessageQueue && relatedTaskFound) {
        await this._enqueueTaskMessage(relatedTaskId, {
          type: "error",
          message: errorResponse,
          timestamp: Date.now()
        }, capturedTransport?.sessionId);
      } else {
        await capturedTransport?.send(errorResponse);
      }
    }).catch((error2) => this._onerror(new Error(`Failed to send response: ${error2}`))).finally(() => {
      if (this._requestHandlerAbortControllers.get(request.id) === abortController) {
        this._requestHandlerAbortControllers.delete(request.id);
      }
    });
  }
  _onprogress(notification) {
    const { progressToken, ...params } = notification.params;
    const messageId = Number(progressToken);
    const handler = this._progressHandlers.get(messageId);
    if (!handler) {
      this._onerror(new Error(`Received a progress notification for an unknown token: ${JSON.stringify(notification)}`));
      return;
    }
    const responseHandler = this._responseHandlers.get(messageId);
    const timeoutInfo = this._timeoutInfo.get(messageId);
    if (timeoutInfo && responseHandler && timeoutInfo.resetTimeoutOnProgress) {
      try {
        this._resetTimeout(messageId);
      } catch (error2) {
        this._responseHandlers.delete(messageId);
        this._progressHandlers.delete(messageId);
        this._cleanupTimeout(messageId);
        responseHandler(error2);
        return;
      }
    }
    handler(params);
  }
  _onresponse(response) {
    const messageId = Number(response.id);
    const resolver = this._requestResolvers.get(messageId);
    if (resolver) {
      this._requestResolvers.delete(messageId);
      if (isJSONRPCResultResponse(response)) {
        resolver(response);
      } else {
        const error2 = new McpError(response.error.code, response.error.message, response.error.data);
        resolver(error2);
      }
      return;
    }
    const handler = this._responseHandlers.get(messageId);
    if (handler === void 0) {
      this._onerror(new Error(`Received a response for an unknown message ID: ${JSON.stringify(response)}`));
      return;
    }
    this._responseHandlers.delete(messageId);
    this._cleanupTimeout(messageId);
    let isTaskResponse = false;
    if (isJSONRPCResultResponse(response) && response.result && typeof response.result === "object") {
      const result = response.result;
      if (result.task && typeof result.task === "object") {
        const task = result.task;
        if (typeof task.taskId === "string") {
          isTaskResponse = true;
          this._taskProgressTokens.set(task.taskId, messageId);
        }
      }
    }
    if (!isTaskResponse) {
      this._progressHandlers.delete(messageId);
    }
    if (isJSONRPCResultResponse(response)) {
      handler(response);
    } else {
      const error2 = McpError.fromError(response.error.code, response.error.message, response.error.data);
      handler(error2);
    }
  }
  get transport() {
    return this._transport;
  }
  /**
   * Closes the connection.
   */
  async close() {
    await this._transport?.close();
  }
  /**
   * Sends a request and returns an AsyncGenerator that yields response messages.
   * The generator is guaranteed to end with either a 'result' or 'error' message.
   *
   * @example
   * ```typescript
   * const stream = protocol.requestStream(request, resultSchema, options);
   * for await (const message of stream) {
   *   switch (message.type) {
   *     case 'taskCreated':
   *       console.log('Task created:', message.task.taskId);
   *       break;
   *     case 'taskStatus':
   *       console.log('Task status:', message.task.status);
   *       break;
   *     case 'result':
   *       console.log('Final result:', message.result);
   *       break;
   *     case 'error':
   *       console.error('Error:', message.error);
   *       break;
   *   }
   * }
   * ```
   *
   * @experimental Use `client.experimental.tasks.requestStream()` to access this method.
   */
  async *requestStream(request, resultSchema, options) {
    const { task } = options ?? {};
    if (!task) {
      try {
        const result = await this.request(request, resultSchema, options);
        yield { type: "result", result };
      } catch (error2) {
        yield {
          type: "error",
          error: error2 instanceof McpError ? error2 : new McpError(ErrorCode.InternalError, String(error2))
        };
      }
      return;
    }
    let taskId;
    try {
      const createResult = await this.request(request, CreateTaskResultSchema, options);
      if (createResult.task) {
        taskId = createResult.task.taskId;
        yield { type: "taskCreated", task: createResult.task };
      } else {
        throw new McpError(ErrorCode.InternalError, "Task creation did not return a task");
      }
      while (true) {
        const task2 = await this.getTask({ taskId }, options);
        yield { type: "taskStatus", task: task2 };
        if (isTerminal(task2.status)) {
          if (task2.status === "completed") {
            const result = await this.getTaskResult({ taskId }, resultSchema, options);
            yield { type: "result", result };
          } else if (task2.status === "failed") {
            yield {
              type: "error",
              error: new McpError(ErrorCode.InternalError, `Task ${taskId} failed`)
            };
          } else if (task2.status === "cancelled") {
            yield {
              type: "error",
              error: new McpError(ErrorCode.InternalError, `Task ${taskId} was cancelled`)
            };
          }
          return;
        }
        if (task2.status === "input_required") {
          const result = await this.getTaskResult({ taskId }, resultSchema, options);
          yield { type: "result", result };
          return;
        }
        const pollInterval = task2.pollInterval ?? this._options?.defaultTaskPollInterval ?? 1e3;
        await new Promise((resolve2) => setTimeout(resolve2, pollInterval));
        options?.signal?.throwIfAborted();
      }
    } catch (error2) {
      yield {
        type: "error",
        error: error2 instanceof McpError ? error2 : new McpError(ErrorCode.InternalError, String(error2))
      };
    }
  }
  /**
   * Sends a request and waits for a response.
   *
   * Do not use this method to emit notifications! Use notification() instead.
   */
  request(request, resultSchema, options) {
    const { relatedRequestId, resumptionToken, onresumptiontoken, task, relatedTask } = options ?? {};
    return new Promise((resolve2, reject) => {
      const earlyReject = (error2) => {
        reject(error2);
      };
      if (!this._transport) {
        earlyReject(new Error("Not connected"));
        return;
      }
      if (this._options?.enforceStrictCapabilities === true) {
        try {
          this.assertCapabilityForMethod(request.method);
          if (task) {
            this.assertTaskCapability(request.method);
          }
        } catch (e) {
          earlyReject(e);
          return;
        }
      }
      options?.signal?.throwIfAborted();
      const messageId = this._requestMessageId++;
      const jsonrpcRequest = {
        ...request,
        jsonrpc: "2.0",
        id: messageId
      };
      if (options?.onprogress) {
        this._progressHandlers.set(messageId, options.onprogress);
        jsonrpcRequest.params = {
          ...request.params,
          _meta: {
            ...request.params?._meta || {},
            progressToken: messageId
          }
        };
      }
      if (task) {
        jsonrpcRequest.params = {
          ...jsonrpcRequest.params,
          task
        };
      }
      if (relatedTask) {
        jsonrpcRequest.params = {
          ...jsonrpcRequest.params,
          _meta: {
            ...jsonrpcRequest.params?._meta || {},
            [RELATED_TASK_META_KEY]: relatedTask
          }
        };
      }
      const cancel = (reason) => {
        this._responseHandlers.delete(messageId);
        this._progressHandlers.delete(messageId);
        this._cleanupTimeout(messageId);
        this._transport?.send({
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: {
            requestId: messageId,
            reason: String(reason)
          }
        }, { relatedRequestId, resumptionToken, onresumptiontoken }).catch((error3) => this._onerror(new Error(`Failed to send cancellation: ${error3}`)));
        const error2 = reason instanceof McpError ? reason : new McpError(ErrorCode.RequestTimeout, String(reason));
        reject(error2);
      };
      this._responseHandlers.set(messageId, (response) => {
        if (options?.signal?.aborted) {
          return;
        }
        if (response instanceof Error) {
          return reject(response);
        }
        try {
          const parseResult = safeParse2(resultSchema, response.result);
          if (!parseResult.success) {
            reject(parseResult.error);
          } else {
            resolve2(parseResult.data);
          }
        } catch (error2) {
          reject(error2);
        }
      });
      options?.signal?.addEventListener("abort", () => {
        cancel(options?.signal?.reason);
      });
      const timeout = options?.timeout ?? DEFAULT_REQUEST_TIMEOUT_MSEC;
      const timeoutHandler = () => cancel(McpError.fromError(ErrorCode.RequestTimeout, "Request timed out", { timeout }));
      this._setupTimeout(messageId, timeout, options?.maxTotalTimeout, timeoutHandler, options?.resetTimeoutOnProgress ?? false);
      const relatedTaskId = relatedTask?.taskId;
      if (relatedTaskId) {
        const responseResolver = (response) => {
          const handler = this._responseHandlers.get(messageId);
          if (handler) {
            handler(response);
          } else {
            this._onerror(new Error(`Response handler missing for side-channeled request ${messageId}`));
          }
        };
        this._requestResolvers.set(messageId, responseResolver);
        this._enqueueTaskMessage(relatedTaskId, {
          type: "request",
          message: jsonrpcRequest,
          timestamp: Date.now()
        }).catch((error2) => {
          this._cleanupTimeout(messageId);
          reject(error2);
        });
      } else {
        this._transport.send(jsonrpcRequest, { relatedRequestId, resumptionToken, onresumptiontoken }).catch((error2) => {
          this._cleanupTimeout(messageId);
          reject(error2);
        });
      }
    });
  }
  /**
   * Gets the current status of a task.
   *
   * @experimental Use `client.experimental.tasks.getTask()` to access this method.
   */
  async getTask(params, options) {
    return this.request({ method: "tasks/get", params }, GetTaskResultSchema, options);
  }
  /**
   * Retrieves the result of a completed task.
   *
   * @experimental Use `client.experimental.tasks.getTaskResult()` to access this method.
   */
  async getTaskResult(params, resultSchema, options) {
    return this.request({ method: "tasks/result", params }, resultSchema, options);
  }
  /**
   * Lists tasks, optionally starting from a pagination cursor.
   *
   * @experimental Use `client.experimental.tasks.listTasks()` to access this method.
   */
  async listTasks(params, options) {
    return this.request({ method: "tasks/list", params }, ListTasksResultSchema, options);
  }
  /**
   * Cancels a specific task.
   *
   * @experimental Use `client.experimental.tasks.cancelTask()` to access this method.
   */
  async cancelTask(params, options) {
    return this.request({ method: "tasks/cancel", params }, CancelTaskResultSchema, options);
  }
  /**
   * Emits a notification, which is a one-way message that does not expect a response.
   */
  async notification(notification, options) {
    if (!this._transport) {
      throw new Error("Not connected");
    }
    this.assertNotificationCapability(notification.method);
    const relatedTaskId = options?.relatedTask?.taskId;
    if (relatedTaskId) {
      const jsonrpcNotification2 = {
        ...notification,
        jsonrpc: "2.0",
        params: {
          ...notification.params,
          _meta: {
            ...notification.params?._meta || {},
            [RELATED_TASK_META_KEY]: options.relatedTask
          }
        }
      };
      await this._enqueueTaskMessage(relatedTaskId, {
        type: "notification",
        message: jsonrpcNotification2,
        timestamp: Date.now()
      });
      return;
    }
    const debouncedMethods = this._options?.debouncedNotificationMethods ?? [];
    const canDebounce = debouncedMethods.includes(notification.method) && !notification.params && !options?.relatedRequestId && !options?.relatedTask;
    if (canDebounce) {
      if (this._pendingDebouncedNotifications.has(notification.method)) {
        return;
      }
      this._pendingDebouncedNotifications.add(notification.method);
      Promise.resolve().then(() => {
        this._pendingDebouncedNotifications.delete(notification.method);
        if (!this._transport) {
          return;
        }
        let jsonrpcNotification2 = {
          ...notification,
          jsonrpc: "2.0"
        };
        if (options?.relatedTask) {
          jsonrpcNotification2 = {
            ...jsonrpcNotification2,
            params: {
              ...jsonrpcNotification2.params,
              _meta: {
                ...jsonrpcNotification2.params?._meta || {},
                [RELATED_TASK_META_KEY]: options.relatedTask
              }
            }
          };
        }
        this._transport?.send(jsonrpcNotification2, options).catch((error2) => this._onerror(error2));
      });
      return;
    }
    let jsonrpcNotification = {
      ...notification,
      jsonrpc: "2.0"
    };
    if (options?.relatedTask) {
      jsonrpcNotification = {
        ...jsonrpcNotification,
        params: {
          ...jsonrpcNotification.params,
          _meta: {
            ...jsonrpcNotification.params?._meta || {},
            [RELATED_TASK_META_KEY]: options.relatedTask
          }
        }
      };
    }
    await this._transport.send(jsonrpcNotification, options);
  }
  /**
   * Registers a handler to invoke when this protocol object receives a request with the given method.
   *
   * Note that this will replace any previous request handler for the same method.
   */
  setRequestHandler(requestSchema, handler) {
    const method = getMethodLiteral(requestSchema);
    this.assertRequestHandlerCapability(method);
    this._requestHandlers.set(method, (request, extra) => {
      const parsed = parseWithCompat(requestSchema, request);
      return Promise.resolve(handler(parsed, extra));
    });
  }
  /**
   * Removes the request handler for the given method.
   */
  removeRequestHandler(method) {
    this._requestHandlers.delete(method);
  }
  /**
   * Asserts that a request handler has not already been set for the given method, in preparation for a new one being automatically installed.
   */
  assertCanSetRequestHandler(method) {
    if (this._requestHandlers.has(method)) {
      throw new Error(`A request handler for ${method} already exists, which would be overridden`);
    }
  }
  /**
   * Registers a handler to invoke when this protocol object receives a notification with the given method.
   *
   * Note that this will replace any previous notification handler for the same method.
   */
  setNotificationHandler(notificationSchema, handler) {
    const method = getMethodLiteral(notificationSchema);
    this._notificationHandlers.set(method, (notification) => {
      const parsed = parseWithCompat(notificationSchema, notification);
      return Promise.resolve(handler(parsed));
    });
  }
  /**
   * Removes the notification handler for the given method.
   */
  removeNotificationHandler(method) {
    this._notificationHandlers.delete(method);
  }
  /**
   * Cleans up the progress handler associated with a task.
   * This should be called when a task reaches a terminal status.
   */
  _cleanupTaskProgressHandler(taskId) {
    const progressToken = this._taskProgressTokens.get(taskId);
    if (progressToken !== void 0) {
      this._progressHandlers.delete(progressToken);
      this._taskProgressTokens.delete(taskId);
    }
  }
  /**
   * Enqueues a task-related message for side-channel delivery via tasks/result.
   * @param taskId The task ID to associate the message with
   * @param message The message to enqueue
   * @param sessionId Optional session ID for binding the operation to a specific session
   * @throws Error if taskStore is not configured or if enqueue fails (e.g., queue overflow)
   *
   * Note: If enqueue fails, it's the TaskMessageQueue implementation's responsibility to handle
   * the error appropriately (e.g., by failing the task, logging, etc.). The Protocol layer
   * simply propagates the error.
   */
  async _enqueueTaskMessage(taskId, message, sessionId) {
    if (!this._taskStore || !this._taskMessageQueue) {
      throw new Error("Cannot enqueue task message: taskStore and taskMessageQueue are not configured");
    }
    const maxQueueSize = this._options?.maxTaskQueueSize;
    await this._taskMessageQueue.enqueue(taskId, message, sessionId ?? this._transport?.sessionId, maxQueueSize);
  }
  /**
   * Clears the message queue for a task and rejects any pending request resolvers.
   * @param taskId The task ID whose queue should be cleared
   * @param sessionId Optional session ID for binding the operation to a specific session
   */
  async _clearTaskQueue(taskId, sessionId) {
    if (this._taskMessageQueue) {
      const messages = await this._taskMessageQueue.dequeueAll(taskId, sessionId);
      for (const message of messages) {
        if (message.type === "request" && isJSONRPCRequest(message.message)) {
          const requestId = message.message.id;
          const resolver = this._requestResolvers.get(requestId);
          if (resolver) {
            resolver(new McpError(ErrorCode.InternalError, "Task cancelled or completed"));
            this._requestResolvers.delete(requestId);
          } else {
            this._onerror(new Error(`Resolver missing for request ${requestId} during task ${taskId} cleanup`));
          }
        }
      }
    }
  }
  /**
   * Waits for a task update (new messages or status change) with abort signal support.
   * Uses polling to check for updates at the task's configured poll interval.
   * @param taskId The task ID to wait for
   * @param signal Abort signal to cancel the wait
   * @param sessionId Session of the request that waits, passed to the task store
   * @returns Promise that resolves when an update occurs or rejects if aborted
   */
  async _waitForTaskUpdate(taskId, signal, sessionId) {
    let interval = this._options?.defaultTaskPollInterval ?? 1e3;
    try {
      const task = await this._taskStore?.getTask(taskId, sessionId);
      if (task?.pollInterval) {
        interval = task.pollInterval;
      }
    } catch {
    }
    return new Promise((resolve2, reject) => {
      if (signal.aborted) {
        reject(new McpError(ErrorCode.InvalidRequest, "Request cancelled"));
        return;
      }
      const timeoutId = setTimeout(resolve2, interval);
      signal.addEventListener("abort", () => {
        clearTimeout(timeoutId);
        reject(new McpError(ErrorCode.InvalidRequest, "Request cancelled"));
      }, { once: true });
    });
  }
  requestTaskStore(request, sessionId) {
    const taskStore = this._taskStore;
    if (!taskStore) {
      throw new Error("No task store configured");
    }
    return {
      createTask: async (taskParams) => {
        if (!request) {
          throw new Error("No request provided");
        }
        return await taskStore.createTask(taskParams, request.id, {
          method: request.method,
          params: request.params
        }, sessionId);
      },
      getTask: async (taskId) => {
        const task = await taskStore.getTask(taskId, sessionId);
        if (!task) {
          throw new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");
        }
        return task;
      },
      storeTaskResult: async (taskId, status, result) => {
        await taskStore.storeTaskResult(taskId, status, result, sessionId);
        const task = await taskStore.getTask(taskId, sessionId);
        if (task) {
          const notification = TaskStatusNotificationSchema.parse({
            method: "notifications/tasks/status",
            params: task
          });
          await this.notification(notification);
          if (isTerminal(task.status)) {
            this._cleanupTaskProgressHandler(taskId);
          }
        }
      },
      getTaskResult: (taskId) => {
        return taskStore.getTaskResult(taskId, sessionId);
      },
      updateTaskStatus: async (taskId, status, statusMessage) => {
        const task = await taskStore.getTask(taskId, sessionId);
        if (!task) {
          throw new McpError(ErrorCode.InvalidParams, `Task "${taskId}" not found - it may have been cleaned up`);
        }
        if (isTerminal(task.status)) {
          throw new McpError(ErrorCode.InvalidParams, `Cannot update task "${taskId}" from terminal status "${task.status}" to "${status}". Terminal states (completed, failed, cancelled) cannot transition to other states.`);
        }
        await taskStore.updateTaskStatus(taskId, status, statusMessage, sessionId);
        const updatedTask = await taskStore.getTask(taskId, sessionId);
        if (updatedTask) {
          const notification = TaskStatusNotificationSchema.parse({
            method: "notifications/tasks/status",
            params: updatedTask
          });
          await this.notification(notification);
          if (isTerminal(updatedTask.status)) {
            this._cleanupTaskProgressHandler(taskId);
          }
        }
      },
      listTasks: (cursor) => {
        return taskStore.listTasks(cursor, sessionId);
      }
    };
  }
};
function isPlainObject3(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function mergeCapabilities(base, additional) {
  const result = { ...base };
  for (const key in additional) {
    const k = key;
    const addValue = additional[k];
    if (addValue === void 0)
      continue;
    const baseValue = result[k];
    if (isPlainObject3(baseValue) && isPlainObject3(addValue)) {
      result[k] = { ...baseValue, ...addValue };
    } else {
      result[k] = addValue;
    }
  }
  return result;
}

// node_modules/@modelcontextprotocol/sdk/dist/esm/validation/ajv-provider.js
var import_ajv = __toESM(require_ajv(), 1);
var import_ajv_formats = __toESM(require_dist(), 1);
function createDefaultAjvInstance() {
  const ajv = new import_ajv.default({
    strict: false,
    validateFormats: true,
    validateSchema: false,
    allErrors: true
  });
  const addFormats = import_ajv_formats.default;
  addFormats(ajv);
  return ajv;
}
var AjvJsonSchemaValidator = class {
  /**
   * Create an AJV validator
   *
   * @param ajv - Optional pre-configured AJV instance. If not provided, a default instance will be created.
   *
   * @example
   * ```typescript
   * // Use default configuration (recommended for most cases)
   * import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
   * const validator = new AjvJsonSchemaValidator();
   *
   * // Or provide custom AJV instance for advanced configuration
   * import { Ajv } from 'ajv';
   * import addFormats from 'ajv-formats';
   *
   * const ajv = new Ajv({ validateFormats: true });
   * addFormats(ajv);
   * const validator = new AjvJsonSchemaValidator(ajv);
   * ```
   */
  constructor(ajv) {
    this._ajv = ajv ?? createDefaultAjvInstance();
  }
  /**
   * Create a validator for the given JSON Schema
   *
   * The validator is compiled once and can be reused multiple times.
   * If the schema has an $id, it will be cached by AJV automatically.
   *
   * @param schema - Standard JSON Schema object
   * @returns A validator function that validates input data
   */
  getValidator(schema) {
    const ajvValidator = "$id" in schema && typeof schema.$id === "string" ? this._ajv.getSchema(schema.$id) ?? this._ajv.compile(schema) : this._ajv.compile(schema);
    return (input) => {
      const valid = ajvValidator(input);
      if (valid) {
        return {
          valid: true,
          data: input,
          errorMessage: void 0
        };
      } else {
        return {
          valid: false,
          data: void 0,
          errorMessage: this._ajv.errorsText(ajvValidator.errors)
        };
      }
    };
  }
};

// node_modules/@modelcontextprotocol/sdk/dist/esm/experimental/tasks/server.js
var ExperimentalServerTasks = class {
  constructor(_server) {
    this._server = _server;
  }
  /**
   * Sends a request and returns an AsyncGenerator that yields response messages.
   * The generator is guaranteed to end with either a 'result' or 'error' message.
   *
   * This method provides streaming access to request processing, allowing you to
   * observe intermediate task status updates for task-augmented requests.
   *
   * @param request - The request to send
   * @param resultSchema - Zod schema for validating the result
   * @param options - Optional request options (timeout, signal, task creation params, etc.)
   * @returns AsyncGenerator that yields ResponseMessage objects
   *
   * @experimental
   */
  requestStream(request, resultSchema, options) {
    return this._server.requestStream(request, resultSchema, options);
  }
  /**
   * Sends a sampling request and returns an AsyncGenerator that yields response messages.
   * The generator is guaranteed to end with either a 'result' or 'error' message.
   *
   * For task-augmented requests, yields 'taskCreated' and 'taskStatus' messages
   * before the final result.
   *
   * @example
   * ```typescript
   * const stream = server.experimental.tasks.createMessageStream({
   *     messages: [{ role: 'user', content: { type: 'text', text: 'Hello' } }],
   *     maxTokens: 100
   * }, {
   *     onprogress: (progress) => {
   *         // Handle streaming tokens via progress notifications
   *         console.log('Progress:', progress.message);
   *     }
   * });
   *
   * for await (const message of stream) {
   *     switch (message.type) {
   *         case 'taskCreated':
   *             console.log('Task created:', message.task.taskId);
   *             break;
   *         case 'taskStatus':
   *             console.log('Task status:', message.task.status);
   *             break;
   *         case 'result':
   *             console.log('Final result:', message.result);
   *             break;
   *         case 'error':
   *             console.error('Error:', message.error);
   *             break;
   *     }
   * }
   * ```
   *
   * @param params - The sampling request parameters
   * @param options - Optional request options (timeout, signal, task creation params, onprogress, etc.)
   * @returns AsyncGenerator that yields ResponseMessage objects
   *
   * @experimental
   */
  createMessageStream(params, options) {
    const clientCapabilities = this._server.getClientCapabilities();
    if ((params.tools || params.toolChoice) && !clientCapabilities?.sampling?.tools) {
      throw new Error("Client does not support sampling tools capability.");
    }
    if (params.messages.length > 0) {
      const lastMessage = params.messages[params.messages.length - 1];
      const lastContent = Array.isArray(lastMessage.content) ? lastMessage.content : [lastMessage.content];
      const hasToolResults = lastContent.some((c) => c.type === "tool_result");
      const previousMessage = params.messages.length > 1 ? params.messages[params.messages.length - 2] : void 0;
      const previousContent = previousMessage ? Array.isArray(previousMessage.content) ? previousMessage.content : [previousMessage.content] : [];
      const hasPreviousToolUse = previousContent.some((c) => c.type === "tool_use");
      if (hasToolResults) {
        if (lastContent.some((c) => c.type !== "tool_result")) {
          throw new Error("The last message must contain only tool_result content if any is present");
        }
        if (!hasPreviousToolUse) {
          throw new Error("tool_result blocks are not matching any tool_use from the previous message");
        }
      }
      if (hasPreviousToolUse) {
        const toolUseIds = new Set(previousContent.filter((c) => c.type === "tool_use").map((c) => c.id));
        const toolResultIds = new Set(lastContent.filter((c) => c.type === "tool_result").map((c) => c.toolUseId));
        if (toolUseIds.size !== toolResultIds.size || ![...toolUseIds].every((id) => toolResultIds.has(id))) {
          throw new Error("ids of tool_result blocks and tool_use blocks from previous message do not match");
        }
      }
    }
    return this.requestStream({
      method: "sampling/createMessage",
      params
    }, CreateMessageResultSchema, options);
  }
  /**
   * Sends an elicitation request and returns an AsyncGenerator that yields response messages.
   * The generator is guaranteed to end with either a 'result' or 'error' message.
   *
   * For task-augmented requests (especially URL-based elicitation), yields 'taskCreated'
   * and 'taskStatus' messages before the final result.
   *
   * @example
   * ```typescript
   * const stream = server.experimental.tasks.elicitInputStream({
   *     mode: 'url',
   *     message: 'Please authenticate',
   *     elicitationId: 'auth-123',
   *     url: 'https://example.com/auth'
   * }, {
   *     task: { ttl: 300000 } // Task-augmented for long-running auth flow
   * });
   *
   * for await (const message of stream) {
   *     switch (message.type) {
   *         case 'taskCreated':
   *             console.log('Task created:', message.task.taskId);
   *             break;
   *         case 'taskStatus':
   *             console.log('Task status:', message.task.status);
   *             break;
   *         case 'result':
   *             console.log('User action:', message.result.action);
   *             break;
   *         case 'error':
   *             console.error('Error:', message.error);
   *             break;
   *     }
   * }
   * ```
   *
   * @param params - The elicitation request parameters
   * @param options - Optional request options (timeout, signal, task creation params, etc.)
   * @returns AsyncGenerator that yields ResponseMessage objects
   *
   * @experimental
   */
  elicitInputStream(params, options) {
    const clientCapabilities = this._server.getClientCapabilities();
    const mode = params.mode ?? "form";
    switch (mode) {
      case "url": {
        if (!clientCapabilities?.elicitation?.url) {
          throw new Error("Client does not support url elicitation.");
        }
        break;
      }
      case "form": {
        if (!clientCapabilities?.elicitation?.form) {
          throw new Error("Client does not support form elicitation.");
        }
        break;
      }
    }
    const normalizedParams = mode === "form" && params.mode === void 0 ? { ...params, mode: "form" } : params;
    return this.requestStream({
      method: "elicitation/create",
      params: normalizedParams
    }, ElicitResultSchema, options);
  }
  /**
   * Gets the current status of a task.
   *
   * @param taskId - The task identifier
   * @param options - Optional request options
   * @returns The task status
   *
   * @experimental
   */
  async getTask(taskId, options) {
    return this._server.getTask({ taskId }, options);
  }
  /**
   * Retrieves the result of a completed task.
   *
   * @param taskId - The task identifier
   * @param resultSchema - Zod schema for validating the result
   * @param options - Optional request options
   * @returns The task result
   *
   * @experimental
   */
  async getTaskResult(taskId, resultSchema, options) {
    return this._server.getTaskResult({ taskId }, resultSchema, options);
  }
  /**
   * Lists tasks with optional pagination.
   *
   * @param cursor - Optional pagination cursor
   * @param options - Optional request options
   * @returns List of tasks with optional next cursor
   *
   * @experimental
   */
  async listTasks(cursor, options) {
    return this._server.listTasks(cursor ? { cursor } : void 0, options);
  }
  /**
   * Cancels a running task.
   *
   * @param taskId - The task identifier
   * @param options - Optional request options
   *
   * @experimental
   */
  async cancelTask(taskId, options) {
    return this._server.cancelTask({ taskId }, options);
  }
};

// node_modules/@modelcontextprotocol/sdk/dist/esm/experimental/tasks/helpers.js
function assertToolsCallTaskCapability(requests, method, entityName) {
  if (!requests) {
    throw new Error(`${entityName} does not support task creation (required for ${method})`);
  }
  switch (method) {
    case "tools/call":
      if (!requests.tools?.call) {
        throw new Error(`${entityName} does not support task creation for tools/call (required for ${method})`);
      }
      break;
    default:
      break;
  }
}
function assertClientRequestTaskCapability(requests, method, entityName) {
  if (!requests) {
    throw new Error(`${entityName} does not support task creation (required for ${method})`);
  }
  switch (method) {
    case "sampling/createMessage":
      if (!requests.sampling?.createMessage) {
        throw new Error(`${entityName} does not support task creation for sampling/createMessage (required for ${method})`);
      }
      break;
    case "elicitation/create":
      if (!requests.elicitation?.create) {
        throw new Error(`${entityName} does not support task creation for elicitation/create (required for ${method})`);
      }
      break;
    default:
      break;
  }
}

// node_modules/@modelcontextprotocol/sdk/dist/esm/server/index.js
var Server = class extends Protocol {
  /**
   * Initializes this server with the given name and version information.
   */
  constructor(_serverInfo, options) {
    super(options);
    this._serverInfo = _serverInfo;
    this._loggingLevels = /* @__PURE__ */ new Map();
    this.LOG_LEVEL_SEVERITY = new Map(LoggingLevelSchema.options.map((level, index) => [level, index]));
    this.isMessageIgnored = (level, sessionId) => {
      const currentLevel = this._loggingLevels.get(sessionId);
      return currentLevel ? this.LOG_LEVEL_SEVERITY.get(level) < this.LOG_LEVEL_SEVERITY.get(currentLevel) : false;
    };
    this._capabilities = options?.capabilities ?? {};
    this._instructions = options?.instructions;
    this._jsonSchemaValidator = options?.jsonSchemaValidator ?? new AjvJsonSchemaValidator();
    this.setRequestHandler(InitializeRequestSchema, (request) => this._oninitialize(request));
    this.setNotificationHandler(InitializedNotificationSchema, () => this.oninitialized?.());
    if (this._capabilities.logging) {
      this.setRequestHandler(SetLevelRequestSchema, async (request, extra) => {
        const transportSessionId = extra.sessionId || extra.requestInfo?.headers["mcp-session-id"] || void 0;
        const { level } = request.params;
        const parseResult = LoggingLevelSchema.safeParse(level);
        if (parseResult.success) {
          this._loggingLevels.set(transportSessionId, parseResult.data);
        }
        return {};
      });
    }
  }
  /**
   * Access experimental features.
   *
   * WARNING: These APIs are experimental and may change without notice.
   *
   * @experimental
   */
  get experimental() {
    if (!this._experimental) {
      this._experimental = {
        tasks: new ExperimentalServerTasks(this)
      };
    }
    return this._experimental;
  }
  /**
   * Registers new capabilities. This can only be called before connecting to a transport.
   *
   * The new capabilities will be merged with any existing capabilities previously given (e.g., at initialization).
   */
  registerCapabilities(capabilities) {
    if (this.transport) {
      throw new Error("Cannot register capabilities after connecting to transport");
    }
    this._capabilities = mergeCapabilities(this._capabilities, capabilities);
  }
  /**
   * Override request handler registration to enforce server-side validation for tools/call.
   */
  setRequestHandler(requestSchema, handler) {
    const shape = getObjectShape(requestSchema);
    const methodSchema = shape?.method;
    if (!methodSchema) {
      throw new Error("Schema is missing a method literal");
    }
    const methodValue = getLiteralValue(methodSchema);
    if (typeof methodValue !== "string") {
      throw new Error("Schema method literal must be a string");
    }
    const method = methodValue;
    if (method === "tools/call") {
      const wrappedHandler = async (request, extra) => {
        const validatedRequest = safeParse2(CallToolRequestSchema, request);
        if (!validatedRequest.success) {
          const errorMessage = validatedRequest.error instanceof Error ? validatedRequest.error.message : String(validatedRequest.error);
          throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call request: ${errorMessage}`);
        }
        const { params } = validatedRequest.data;
        const result = await Promise.resolve(handler(request, extra));
        if (params.task) {
          const taskValidationResult = safeParse2(CreateTaskResultSchema, result);
          if (!taskValidationResult.success) {
            const errorMessage = taskValidationResult.error instanceof Error ? taskValidationResult.error.message : String(taskValidationResult.error);
            throw new McpError(ErrorCode.InvalidParams, `Invalid task creation result: ${errorMessage}`);
          }
          return taskValidationResult.data;
        }
        const validationResult = safeParse2(CallToolResultSchema, result);
        if (!validationResult.success) {
          const errorMessage = validationResult.error instanceof Error ? validationResult.error.message : String(validationResult.error);
          throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${errorMessage}`);
        }
        return validationResult.data;
      };
      return super.setRequestHandler(requestSchema, wrappedHandler);
    }
    return super.setRequestHandler(requestSchema, handler);
  }
  assertCapabilityForMethod(method) {
    switch (method) {
      case "sampling/createMessage":
        if (!this._clientCapabilities?.sampling) {
          throw new Error(`Client does not support sampling (required for ${method})`);
        }
        break;
      case "elicitation/create":
        if (!this._clientCapabilities?.elicitation) {
          throw new Error(`Client does not support elicitation (required for ${method})`);
        }
        break;
      case "roots/list":
        if (!this._clientCapabilities?.roots) {
          throw new Error(`Client does not support listing roots (required for ${method})`);
        }
        break;
      case "ping":
        break;
    }
  }
  assertNotificationCapability(method) {
    switch (method) {
      case "notifications/message":
        if (!this._capabilities.logging) {
          throw new Error(`Server does not support logging (required for ${method})`);
        }
        break;
      case "notifications/resources/updated":
      case "notifications/resources/list_changed":
        if (!this._capabilities.resources) {
          throw new Error(`Server does not support notifying about resources (required for ${method})`);
        }
        break;
      case "notifications/tools/list_changed":
        if (!this._capabilities.tools) {
          throw new Error(`Server does not support notifying of tool list changes (required for ${method})`);
        }
        break;
      case "notifications/prompts/list_changed":
        if (!this._capabilities.prompts) {
          throw new Error(`Server does not support notifying of prompt list changes (required for ${method})`);
        }
        break;
      case "notifications/elicitation/complete":
        if (!this._clientCapabilities?.elicitation?.url) {
          throw new Error(`Client does not support URL elicitation (required for ${method})`);
        }
        break;
      case "notifications/cancelled":
        break;
      case "notifications/progress":
        break;
    }
  }
  assertRequestHandlerCapability(method) {
    if (!this._capabilities) {
      return;
    }
    switch (method) {
      case "completion/complete":
        if (!this._capabilities.completions) {
          throw new Error(`Server does not support completions (required for ${method})`);
        }
        break;
      case "logging/setLevel":
        if (!this._capabilities.logging) {
          throw new Error(`Server does not support logging (required for ${method})`);
        }
        break;
      case "prompts/get":
      case "prompts/list":
        if (!this._capabilities.prompts) {
          throw new Error(`Server does not support prompts (required for ${method})`);
        }
        break;
      case "resources/list":
      case "resources/templates/list":
      case "resources/read":
        if (!this._capabilities.resources) {
          throw new Error(`Server does not support resources (required for ${method})`);
        }
        break;
      case "tools/call":
      case "tools/list":
        if (!this._capabilities.tools) {
          throw new Error(`Server does not support tools (required for ${method})`);
        }
        break;
      case "tasks/get":
      case "tasks/list":
      case "tasks/result":
      case "tasks/cancel":
        if (!this._capabilities.tasks) {
          throw new Error(`Server does not support tasks capability (required for ${method})`);
        }
        break;
      case "ping":
      case "initialize":
        break;
    }
  }
  assertTaskCapability(method) {
    assertClientRequestTaskCapability(this._clientCapabilities?.tasks?.requests, method, "Client");
  }
  assertTaskHandlerCapability(method) {
    if (!this._capabilities) {
      return;
    }
    assertToolsCallTaskCapability(this._capabilities.tasks?.requests, method, "Server");
  }
  async _oninitialize(request) {
    const requestedVersion = request.params.protocolVersion;
    this._clientCapabilities = request.params.capabilities;
    this._clientVersion = request.params.clientInfo;
    const protocolVersion = SUPPORTED_PROTOCOL_VERSIONS.includes(requestedVersion) ? requestedVersion : LATEST_PROTOCOL_VERSION;
    return {
      protocolVersion,
      capabilities: this.getCapabilities(),
      serverInfo: this._serverInfo,
      ...this._instructions && { instructions: this._instructions }
    };
  }
  /**
   * After initialization has completed, this will be populated with the client's reported capabilities.
   */
  getClientCapabilities() {
    return this._clientCapabilities;
  }
  /**
   * After initialization has completed, this will be populated with information about the client's name and version.
   */
  getClientVersion() {
    return this._clientVersion;
  }
  getCapabilities() {
    return this._capabilities;
  }
  async ping() {
    return this.request({ method: "ping" }, EmptyResultSchema);
  }
  // Implementation
  async createMessage(params, options) {
    if (params.tools || params.toolChoice) {
      if (!this._clientCapabilities?.sampling?.tools) {
        throw new Error("Client does not support sampling tools capability.");
      }
    }
    if (params.messages.length > 0) {
      const lastMessage = params.messages[params.messages.length - 1];
      const lastContent = Array.isArray(lastMessage.content) ? lastMessage.content : [lastMessage.content];
      const hasToolResults = lastContent.some((c) => c.type === "tool_result");
      const previousMessage = params.messages.length > 1 ? params.messages[params.messages.length - 2] : void 0;
      const previousContent = previousMessage ? Array.isArray(previousMessage.content) ? previousMessage.content : [previousMessage.content] : [];
      const hasPreviousToolUse = previousContent.some((c) => c.type === "tool_use");
      if (hasToolResults) {
        if (lastContent.some((c) => c.type !== "tool_result")) {
          throw new Error("The last message must contain only tool_result content if any is present");
        }
        if (!hasPreviousToolUse) {
          throw new Error("tool_result blocks are not matching any tool_use from the previous message");
        }
      }
      if (hasPreviousToolUse) {
        const toolUseIds = new Set(previousContent.filter((c) => c.type === "tool_use").map((c) => c.id));
        const toolResultIds = new Set(lastContent.filter((c) => c.type === "tool_result").map((c) => c.toolUseId));
        if (toolUseIds.size !== toolResultIds.size || ![...toolUseIds].every((id) => toolResultIds.has(id))) {
          throw new Error("ids of tool_result blocks and tool_use blocks from previous message do not match");
        }
      }
    }
    if (params.tools) {
      return this.request({ method: "sampling/createMessage", params }, CreateMessageResultWithToolsSchema, options);
    }
    return this.request({ method: "sampling/createMessage", params }, CreateMessageResultSchema, options);
  }
  /**
   * Creates an elicitation request for the given parameters.
   * For backwards compatibility, `mode` may be omitted for form requests and will default to `'form'`.
   * @param params The parameters for the elicitation request.
   * @param options Optional request options.
   * @returns The result of the elicitation request.
   */
  async elicitInput(params, options) {
    const mode = params.mode ?? "form";
    switch (mode) {
      case "url": {
        if (!this._clientCapabilities?.elicitation?.url) {
          throw new Error("Client does not support url elicitation.");
        }
        const urlParams = params;
        return this.request({ method: "elicitation/create", params: urlParams }, ElicitResultSchema, options);
      }
      case "form": {
        if (!this._clientCapabilities?.elicitation?.form) {
          throw new Error("Client does not support form elicitation.");
        }
        const formParams = params.mode === "form" ? params : { ...params, mode: "form" };
        const result = await this.request({ method: "elicitation/create", params: formParams }, ElicitResultSchema, options);
        if (result.action === "accept" && result.content && formParams.requestedSchema) {
          try {
            const validator = this._jsonSchemaValidator.getValidator(formParams.requestedSchema);
            const validationResult = validator(result.content);
            if (!validationResult.valid) {
              throw new McpError(ErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${validationResult.errorMessage}`);
            }
          } catch (error2) {
            if (error2 instanceof McpError) {
              throw error2;
            }
            throw new McpError(ErrorCode.InternalError, `Error validating elicitation response: ${error2 instanceof Error ? error2.message : String(error2)}`);
          }
        }
        return result;
      }
    }
  }
  /**
   * Creates a reusable callback that, when invoked, will send a `notifications/elicitation/complete`
   * notification for the specified elicitation ID.
   *
   * @param elicitationId The ID of the elicitation to mark as complete.
   * @param options Optional notification options. Useful when the completion notification should be related to a prior request.
   * @returns A function that emits the completion notification when awaited.
   */
  createElicitationCompletionNotifier(elicitationId, options) {
    if (!this._clientCapabilities?.elicitation?.url) {
      throw new Error("Client does not support URL elicitation (required for notifications/elicitation/complete)");
    }
    return () => this.notification({
      method: "notifications/elicitation/complete",
      params: {
        elicitationId
      }
    }, options);
  }
  async listRoots(params, options) {
    return this.request({ method: "roots/list", params }, ListRootsResultSchema, options);
  }
  /**
   * Sends a logging message to the client, if connected.
   * Note: You only need to send the parameters object, not the entire JSON RPC message
   * @see LoggingMessageNotification
   * @param params
   * @param sessionId optional for stateless and backward compatibility
   */
  async sendLoggingMessage(params, sessionId) {
    if (this._capabilities.logging) {
      if (!this.isMessageIgnored(params.level, sessionId)) {
        return this.notification({ method: "notifications/message", params });
      }
    }
  }
  async sendResourceUpdated(params) {
    return this.notification({
      method: "notifications/resources/updated",
      params
    });
  }
  async sendResourceListChanged() {
    return this.notification({
      method: "notifications/resources/list_changed"
    });
  }
  async sendToolListChanged() {
    return this.notification({ method: "notifications/tools/list_changed" });
  }
  async sendPromptListChanged() {
    return this.notification({ method: "notifications/prompts/list_changed" });
  }
};

// src/orchestrator/view/live.ts
var LIVE_LIMITS = { stepsMax: LIVE_STEPS_MAX, lineMaxChars: LIVE_LINE_MAX_CHARS };
function startLiveView(row) {
  return { row, elapsed: formatElapsed(0), latestLine: null, outputBytes: 0, steps: [], earlierSteps: 0 };
}
function lastLineOf(text2) {
  const lines = text2.split("\n");
  for (let index = lines.length - 1; index >= 0; index--) if (lines[index].trim() !== "") return lines[index];
  return null;
}
function nextLiveView(view, event, limits = LIVE_LIMITS) {
  const next = { ...view, elapsed: formatElapsed(event.elapsed_ms) };
  if (event.type === "output") {
    next.outputBytes = event.bytes;
    const line = lastLineOf(event.text);
    if (line !== null) next.latestLine = clipCharsWithin(line, limits.lineMaxChars);
  } else if (event.type === "step") {
    const steps = [...view.steps, { kind: event.kind, text: event.text, elapsed: next.elapsed }];
    const over = Math.max(0, steps.length - limits.stepsMax);
    next.steps = steps.slice(over);
    next.earlierSteps = view.earlierSteps + over;
    next.latestLine = clipCharsWithin(event.text, limits.lineMaxChars);
  }
  return next;
}

// src/orchestrator/reads.ts
function isLineNumber(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}
function readFacts(meta2) {
  const { path, display_path: displayPath, content_hash: contentHash, range, lines } = meta2;
  if (typeof path !== "string" || typeof contentHash !== "string" || path === "" || contentHash === "") return null;
  let returned = null;
  if (Array.isArray(range) && range.length === 2 && isLineNumber(range[0]) && isLineNumber(range[1])) {
    if (range[1] >= range[0]) returned = [range[0], range[1]];
  }
  return {
    path,
    displayPath: typeof displayPath === "string" && displayPath !== "" ? displayPath : path,
    contentHash,
    range: returned,
    lines: isLineNumber(lines) || lines === 0 ? lines : null
  };
}
var ReadHistory = class {
  entries;
  constructor(records = []) {
    this.entries = records.map((record2) => ({ ...record2, range: [record2.range[0], record2.range[1]] }));
  }
  /** Plain data, for a platform that keeps a run's history beside its messages. */
  get records() {
    return this.entries;
  }
  /** Keep a result that returned content whole: only those can be pointed to. */
  record(record2) {
    this.entries.push({ ...record2, range: [record2.range[0], record2.range[1]] });
  }
  /**
   * The most recent earlier result (a smaller seq: calls of one turn may finish out of order) of the
   * same file with the same content whose range holds `range`; the most recent is the likeliest
   * still to be in the model's context.
   */
  findRepeat(seq, path, contentHash, range) {
    let found;
    for (const entry of this.entries) {
      if (entry.seq >= seq || entry.path !== path || entry.contentHash !== contentHash) continue;
      if (entry.range[0] > range[0] || entry.range[1] < range[1]) continue;
      if (found === void 0 || entry.seq > found.seq) found = entry;
    }
    return found;
  }
};

// src/orchestrator/summary.ts
function rowSummary(tool, args, outcome = {}) {
  if (!isCodeTool(tool)) return tool;
  return TOOL_DESCRIPTORS[tool].row(args, outcome);
}
function lineRange(meta2) {
  const { range, lines } = meta2;
  const total = typeof lines === "number" ? ` of ${lines}` : "";
  if (Array.isArray(range) && range.length === 2) return `${range[0]}\u2013${range[1]}${total}`;
  if (range === null && typeof lines === "number") return `none${total}`;
  return void 0;
}
function metadataView(callId, tool, meta2) {
  const fields = [
    { label: "Call", value: callId },
    { label: "Tool", value: tool }
  ];
  const add = (label, value) => {
    if (value === void 0 || value === null) return;
    fields.push({ label, value: String(value) });
  };
  add("Exit code", meta2.exit_code);
  if (meta2.timed_out === true) add("Timed out", "yes");
  add("Background command", meta2.background_id);
  add("State", meta2.state);
  add("Full output", meta2.log_path);
  add("Working directory", meta2.cwd);
  add("File", meta2.path);
  add("Lines", lineRange(meta2));
  add("Content hash", meta2.content_hash);
  add("Same as step", meta2.repeat_of);
  add("Matches", meta2.matches);
  add("Files", meta2.files);
  if (meta2.truncated === true) add("Truncated", "yes");
  add("Background commands", meta2.count);
  add("Status", meta2.status);
  add("Harness", meta2.harness);
  add("Session", meta2.session_id);
  add("Repository", meta2.repo);
  if (typeof meta2.elapsed_ms === "number") add("Elapsed", formatElapsed(meta2.elapsed_ms));
  add("Files changed", meta2.files_changed);
  add("Insertions", meta2.insertions);
  add("Deletions", meta2.deletions);
  add("Turns", meta2.turns);
  add("Input tokens", meta2.input_tokens);
  add("Output tokens", meta2.output_tokens);
  add("Cost (USD)", meta2.cost_usd);
  return fields;
}

// src/orchestrator/telemetry/timeline.ts
var CallTimeline = class {
  constructor(now = () => performance.now()) {
    this.now = now;
    this.startMs = now();
  }
  now;
  parts = [];
  fallbacks = [];
  /** The helpers whose stream this call opened again after an earlier one ended. */
  restarts = [];
  startMs;
  /** A part that began at `startMs` (a reading of `now`) and ends now. */
  part(name, startMs) {
    this.parts.push({ name, startMs, endMs: this.now() });
  }
  fellBack(reason) {
    this.fallbacks.push(reason);
  }
  restarted(helper) {
    this.restarts.push(helper);
  }
  /** `warm` or `cold` from the last round trip: the one that answered. */
  get mode() {
    const last = lastRoundTrip(this.parts);
    return last === void 0 ? void 0 : last.name === "stream" ? "warm" : "cold";
  }
};
function lastRoundTrip(parts) {
  for (let index = parts.length - 1; index >= 0; index--) if (parts[index].name !== "request_file") return parts[index];
  return void 0;
}
function rounded(ms) {
  return Math.round(ms * 1e3) / 1e3;
}
function helperPhases(trip, timings) {
  const phases = [
    ["helper_start", timings.start / 1e3],
    ["helper_run", timings.run / 1e3],
    ["helper_shape", timings.shape / 1e3]
  ];
  const total = phases.reduce((sum, [, ms]) => sum + ms, 0);
  let at = Math.max(trip.startMs, trip.endMs - total);
  return phases.map(([name, ms]) => {
    const startMs = at;
    at = Math.min(trip.endMs, at + ms);
    return { name, startMs, endMs: at };
  });
}
function callTimings(timeline, endMs, helper) {
  const origin = timeline.startMs;
  const last = lastRoundTrip(timeline.parts);
  const parts = [];
  const add = (name, startMs, stopMs) => void parts.push({ name, startMs: rounded(startMs - origin), durationMs: rounded(Math.max(0, stopMs - startMs)) });
  for (const part of timeline.parts) {
    add(part.name, part.startMs, part.endMs);
    if (part === last && helper !== null) for (const phase of helperPhases(part, helper)) add(phase.name, phase.startMs, phase.endMs);
  }
  const timings = { totalMs: rounded(Math.max(0, endMs - origin)), parts };
  const mode = timeline.mode;
  if (mode !== void 0) timings.mode = mode;
  return timings;
}

// src/orchestrator/telemetry/call-telemetry.ts
var RUNNER_SPANS = {
  request_file: SPAN_NAMES.requestFile,
  exec: SPAN_NAMES.exec,
  stream: SPAN_NAMES.stream
};
var PHASE_SPANS = {
  helper_start: SPAN_NAMES.helperStart,
  helper_run: SPAN_NAMES.helperRun,
  helper_shape: SPAN_NAMES.helperShape
};
function epochMs(clockMs) {
  return performance.timeOrigin + clockMs;
}
var CallObservation = class {
  constructor(setup, api2) {
    this.setup = setup;
    if (api2 === null) return;
    const tracer = api2.trace.getTracer(INSTRUMENTATION_SCOPE);
    const parent = api2.context.active();
    const attributes = startAttributes({ tool: setup.tool, callId: setup.callId, runId: setup.runId, agentId: setup.agentId }, setup.sandbox);
    if (setup.options.recordArguments === true) attributes[ATTRIBUTES.toolCallArguments] = recordedArguments(setup.args, setup.secretValues);
    const span = tracer.startSpan(`execute_tool ${toolNameAttribute(setup.tool)}`, { kind: api2.SpanKind.INTERNAL, attributes, startTime: epochMs(this.timeline.startMs) }, parent);
    this.traced = { api: api2, tracer, span, context: api2.trace.setSpan(parent, span) };
    instrumentsOf(api2).activeCalls.add(1, this.activeAttributes());
  }
  setup;
  timeline = new CallTimeline();
  traced;
  helper = null;
  elidedBytes;
  helperFailed = false;
  /** A span that is recorded (sampled, with a tracer provider): then the call asks the helper for more. */
  get recording() {
    return this.traced?.span.isRecording() === true;
  }
  /**
   * Whether the span alone asks for the call's progress: a code_task's, whose steps are the story of
   * minutes. Any other call's events reach the span when the app asks for them: asked for the span
   * alone, a short command would pay the watching of its log for events nobody shows.
   */
  get asksProgress() {
    return this.recording && isCodeTool(String(this.setup.tool)) && HELPER_OF_TOOL[this.setup.tool] === "guilds-harness";
  }
  /** The request's asks: the telemetry fields for a recorded span or a caller who wants timings, the trace context of a valid span. */
  get ask() {
    const traceContext = this.traced === void 0 ? null : traceContextFor(this.traced.span.spanContext());
    return { telemetry: this.recording || this.setup.timings, traceContext: traceContext ?? void 0 };
  }
  /** Runs `work` with the call's span as the active context, so that a sandbox's own spans sit under it. */
  within(work) {
    return this.traced === void 0 ? work() : this.traced.api.context.with(this.traced.context, work);
  }
  /** The runner's progress handler: each event a span event, then the app's handler, if any. */
  progressHandler(live2) {
    return (event) => {
      const { name, attributes } = progressSpanEvent(event);
      this.traced?.span.addEvent(name, attributes);
      live2?.(event);
    };
  }
  /** The envelope without the helper's telemetry fields, which stay here: the app's meta is as without them. */
  take(envelope) {
    if (!envelope.ok) {
      this.helperFailed = envelope.error.startsWith(HELPER_FAILED);
      return envelope;
    }
    if (!(TIMINGS_META_FIELD in envelope.meta) && !(ELIDED_BYTES_META_FIELD in envelope.meta)) return envelope;
    this.helper = helperTimingsOf(envelope.meta);
    const elided = envelope.meta[ELIDED_BYTES_META_FIELD];
    if (typeof elided === "number") this.elidedBytes = elided;
    const meta2 = { ...envelope.meta };
    delete meta2[TIMINGS_META_FIELD];
    delete meta2[ELIDED_BYTES_META_FIELD];
    return { ...envelope, meta: meta2 };
  }
  /** Ends the span and records the metrics; the breakdown when the caller asked for it. */
  end(result, cancelled) {
    const endMs = this.timeline.now();
    try {
      if (this.traced !== void 0) this.endTraced(this.traced, { ...result, cancelled }, endMs);
    } catch {
    }
    return this.setup.timings ? callTimings(this.timeline, endMs, this.helper) : void 0;
  }
  endTraced(traced, facts, endMs) {
    const { span, api: api2 } = traced;
    const mode = this.timeline.mode;
    span.setAttributes(endAttributes({ ...facts, mode, elidedBytes: this.elidedBytes }));
    if (!facts.ok) span.setStatus({ code: api2.SpanStatusCode.ERROR });
    if (span.isRecording()) this.partSpans(traced);
    span.end(epochMs(endMs));
    const instruments = instrumentsOf(api2);
    const { sandbox, tool } = this.setup;
    instruments.duration.record((endMs - this.timeline.startMs) / 1e3, durationAttributes(tool, { ...facts, mode }, sandbox));
    instruments.activeCalls.add(-1, this.activeAttributes());
    const toolName = toolNameAttribute(tool);
    if (this.helperFailed) instruments.helperFailures.add(1, { [ATTRIBUTES.toolName]: toolName, [ATTRIBUTES.sandboxKind]: sandbox.kind });
    for (const reason of this.timeline.fallbacks) {
      instruments.coldFallbacks.add(1, { [ATTRIBUTES.toolName]: toolName, [ATTRIBUTES.fallbackReason]: reason, [ATTRIBUTES.sandboxKind]: sandbox.kind });
    }
    for (const helper of this.timeline.restarts) instruments.streamRestarts.add(1, { [ATTRIBUTES.helper]: helper, [ATTRIBUTES.sandboxKind]: sandbox.kind });
  }
  /** The call's parts as child spans, the helper's phases under the round trip that carried them. */
  partSpans({ tracer, api: api2, context }) {
    const helper = isCodeTool(String(this.setup.tool)) ? HELPER_OF_TOOL[this.setup.tool] : void 0;
    const parts = this.timeline.parts;
    const last = [...parts].reverse().find((part) => part.name !== "request_file");
    for (const part of parts) {
      const attributes = helper === void 0 || part.name === "request_file" ? {} : { [ATTRIBUTES.helper]: helper };
      const span = tracer.startSpan(RUNNER_SPANS[part.name], { kind: api2.SpanKind.INTERNAL, attributes, startTime: epochMs(part.startMs) }, context);
      if (part === last && this.helper !== null) {
        const inside = api2.trace.setSpan(context, span);
        for (const phase of helperPhases(part, this.helper)) {
          tracer.startSpan(PHASE_SPANS[phase.name], { kind: api2.SpanKind.INTERNAL, startTime: epochMs(phase.startMs) }, inside).end(epochMs(phase.endMs));
        }
      }
      span.end(epochMs(part.endMs));
    }
  }
  activeAttributes() {
    return { [ATTRIBUTES.toolName]: toolNameAttribute(this.setup.tool), [ATTRIBUTES.sandboxKind]: this.setup.sandbox.kind };
  }
};
function observeCall(setup) {
  const api2 = otelApi();
  if (api2 instanceof Promise) return api2.then((loaded) => observed(setup, loaded));
  return observed(setup, api2);
}
function observed(setup, api2) {
  if (api2 === null && !setup.timings) return void 0;
  try {
    return new CallObservation(setup, api2);
  } catch {
    return setup.timings ? new CallObservation(setup, null) : void 0;
  }
}

// src/orchestrator/view/timing.ts
var TIMING_LABEL = "Timing";
var TIMING_PART_NAMES = {
  request_file: "request file",
  exec: "exec",
  stream: "stream",
  helper_start: "helper start",
  helper_run: "run",
  helper_shape: "shape"
};
var HELPER_PHASES = ["helper_start", "helper_run", "helper_shape"];
function durationText(ms) {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  if (ms < 6e4) return `${(ms / 1e3).toFixed(2)} s`;
  return formatElapsed(ms);
}
function partText(part) {
  return `${TIMING_PART_NAMES[part.name]} ${durationText(part.durationMs)}`;
}
function timingText(timings) {
  const head = `${durationText(timings.totalMs)}${timings.mode === void 0 ? "" : ` ${timings.mode}`}`;
  const pieces = [];
  let phases = [];
  for (const part of timings.parts) {
    if (HELPER_PHASES.includes(part.name)) phases.push(partText(part));
    else pieces.push(partText(part));
    const next = timings.parts[timings.parts.indexOf(part) + 1];
    if (phases.length > 0 && (next === void 0 || !HELPER_PHASES.includes(next.name))) {
      pieces[pieces.length - 1] += ` (${phases.join(", ")})`;
      phases = [];
    }
  }
  return pieces.length === 0 ? head : `${head}: ${pieces.join(", ")}`;
}
function timingField(timings) {
  return { label: TIMING_LABEL, value: timingText(timings) };
}

// src/orchestrator/code-tools.ts
function argumentObject(tool, args) {
  let value = args;
  if (typeof value === "string") {
    if (value.trim() === "") return {};
    try {
      value = JSON.parse(value);
    } catch {
      throw argumentsNotJson(tool);
    }
  }
  if (value === void 0 || value === null) return {};
  if (!isPlainObject(value)) throw argumentsNotObject(tool);
  return value;
}
function sandboxLabelsOf(config2, runner) {
  const sandbox = config2.sandbox ?? runner.sandbox;
  return { kind: sandbox?.kind ?? "other", runtime: sandbox?.runtime };
}
function runnerOf(config2) {
  if (config2.runner !== void 0 && config2.sandbox !== void 0) throw new TypeError("give CodeToolRun a sandbox or a runner, not both");
  if (config2.runner !== void 0) return config2.runner;
  if (config2.sandbox !== void 0) return config2.warm === false || config2.sandbox.open === void 0 ? new SandboxRunner(config2.sandbox) : warmRunnerOf(config2.sandbox);
  throw new TypeError("CodeToolRun needs a sandbox or a runner");
}
var CodeToolRun = class {
  history;
  runner;
  runId;
  agentId;
  defaultCwd;
  maxBytes;
  env;
  secretValues;
  /** PROGRESS_NOT_STREAMED was said to this run's app. */
  saidNotStreamed = false;
  sandboxLabels;
  telemetry;
  constructor(config2) {
    const repositories = config2.repositories ?? [];
    for (const repository of repositories) checkRepositoryName(repository.name);
    this.runner = runnerOf(config2);
    this.runId = config2.runId;
    this.agentId = config2.agentId;
    this.defaultCwd = defaultCwdFor(repositories);
    this.maxBytes = resultMaxBytes(config2.resultMaxBytes);
    this.env = helperEnvironment(config2.env ?? {}, repositories, config2.folderTokens);
    this.secretValues = [
      ...config2.secretValues ?? [],
      ...repositories.flatMap((repository) => repository.token ? [repository.token] : []),
      ...Object.values(config2.folderTokens ?? {})
    ];
    this.history = config2.history ?? new ReadHistory();
    this.sandboxLabels = sandboxLabelsOf(config2, this.runner);
    this.telemetry = config2.telemetry ?? {};
  }
  /**
   * The request for a call, checked as the helper checks it and its arguments resolved, once; a
   * ToolError says what is wrong, and the call is refused without running anything.
   */
  checkCall(tool, args, callId, progress = false, ask = {}) {
    if (!isCodeTool(tool)) {
      const shown = firstCodePoints(oneLine(String(tool)), UNKNOWN_TOOL_SHOWN_CHARS);
      throw unknownTool(shown, OP_NAMES);
    }
    return checkRequest({
      op: tool,
      args: argumentObject(tool, args),
      run_id: this.runId,
      agent_id: this.agentId,
      call_id: callId,
      default_cwd: this.defaultCwd,
      max_bytes: this.maxBytes,
      ...progress ? { progress: true } : {},
      ...ask.telemetry === true ? { telemetry: true } : {},
      ...ask.traceContext
    });
  }
  /** The call's onProgress as the runner takes it: redacted, folded into the live view. */
  liveProgress(call, checked, args) {
    const onProgress = call.onProgress;
    if (onProgress === void 0) return void 0;
    let view = startLiveView(redactCut(rowSummary(String(call.tool), args), this.secretValues));
    if (this.runner.streamsProgress?.(checked) !== true) {
      if (!this.saidNotStreamed) onProgress({ event: null, view, note: PROGRESS_NOT_STREAMED });
      this.saidNotStreamed = true;
      return void 0;
    }
    return (raw) => {
      const event = redactProgressEvent(raw, this.secretValues);
      view = nextLiveView(view, event);
      onProgress({ event, view });
    };
  }
  /** The call's telemetry, when a provider is registered or the call asks for its timings (telemetry/). */
  observe(call) {
    const { tool, callId, args } = call;
    const setup = { runId: this.runId, agentId: this.agentId, sandbox: this.sandboxLabels, secretValues: this.secretValues, options: this.telemetry };
    return observeCall({ ...setup, tool, callId, args, timings: call.timings === true });
  }
  /** Run one call. Never throws: whatever goes wrong is a failed call the model can read. */
  async call(call) {
    const observing = call.timings === true || otelRegistered() ? this.observe(call) : void 0;
    const observation = observing instanceof Promise ? await observing : observing;
    let args = {};
    try {
      args = isPlainObject(call.args) ? call.args : argumentObject(String(call.tool), call.args);
    } catch {
    }
    let envelope;
    try {
      const progress = call.onProgress !== void 0 || observation?.asksProgress === true;
      const checked = this.checkCall(call.tool, call.args, call.callId, progress, observation?.ask);
      const live2 = this.liveProgress(call, checked, args);
      const onProgress = observation?.recording === true ? observation.progressHandler(live2) : live2;
      const helperCall = { checked, env: this.env, timeoutMs: helperTimeoutMs(checked), signal: call.signal, onProgress, timeline: observation?.timeline };
      envelope = await (observation === void 0 ? this.runner.answer(helperCall) : observation.within(() => this.runner.answer(helperCall)));
    } catch (error2) {
      envelope = error2 instanceof ToolError ? { ok: false, error: error2.message, kind: error2.kind } : { ok: false, error: `code tools: ${String(error2)}`, kind: "internal" };
    }
    return observation === void 0 ? this.finished(call, args, envelope) : this.observed(observation, call, args, envelope);
  }
  finished(call, args, envelope) {
    try {
      return this.finish(call, args, envelope);
    } catch (error2) {
      return this.finish(call, args, { ok: false, error: `code tools: ${String(error2)}`, kind: "internal" });
    }
  }
  /** The result of an observed call: its envelope without the helper's telemetry fields, its span ended, its timings when asked. */
  observed(observation, call, args, envelope) {
    const result = this.finished(call, args, observation.take(envelope));
    const timings = observation.end(result, call.signal?.aborted === true);
    if (timings !== void 0) {
      result.timings = timings;
      result.metadata = [...result.metadata, timingField(timings)];
    }
    return result;
  }
  finish(call, args, envelope) {
    const tool = String(call.tool);
    const pipeline = { secretValues: this.secretValues, remainingToolCalls: call.remainingToolCalls };
    if (!envelope.ok) {
      const { text: text3, cut } = applyPipeline(envelope.error, pipeline);
      const failed = { ok: false, text: text3, summary: rowSummary(tool, args), meta: {}, metadata: metadataView(call.callId, tool, {}), cut };
      if (envelope.kind !== void 0) failed.kind = envelope.kind;
      return failed;
    }
    const view = descriptorNamed(tool)?.view;
    const meta2 = { ...envelope.meta };
    let text2 = envelope.text;
    let repeatOf;
    const facts = view?.foldsRepeatedReads === true && Number.isSafeInteger(call.resultSeq) ? readFacts(meta2) : null;
    if (facts?.range) {
      const earlier = this.history.findRepeat(call.resultSeq, facts.path, facts.contentHash, facts.range);
      if (earlier) {
        repeatOf = earlier.seq;
        text2 = pointerText(facts.displayPath, facts.range, earlier.seq);
        meta2.repeat_of = earlier.seq;
      }
    }
    const shaped = applyPipeline(text2, pipeline);
    if (facts?.range && repeatOf === void 0 && !shaped.cut) {
      this.history.record({ seq: call.resultSeq, path: facts.path, contentHash: facts.contentHash, range: facts.range });
    }
    const result = {
      ok: true,
      text: shaped.text,
      summary: rowSummary(tool, args, { meta: meta2, repeatOf }),
      meta: meta2,
      metadata: metadataView(call.callId, tool, meta2),
      cut: shaped.cut
    };
    if (view?.block !== void 0) result.block = view.block(args, meta2, redact(text2, this.secretValues));
    return result;
  }
};

// src/mcp/progress-notifications.ts
var SECOND_MS3 = 1e3;
function progressNotice(tool, update) {
  const { event, view } = update;
  if (event === null) return null;
  if (event.type === "heartbeat" || view.latestLine === null) return progressMessage(tool, Math.round(event.elapsed_ms / SECOND_MS3));
  return view.latestLine;
}
var NO_NOTIFIER = { stop: () => {
} };
function callNotifier(options) {
  const { tool, progressToken, send } = options;
  if (progressToken === void 0 || !options.reports) return NO_NOTIFIER;
  let progress = 0;
  const notify = (message) => {
    progress += 1;
    send({ method: "notifications/progress", params: { progressToken, progress, message } }).catch(() => void 0);
  };
  if (options.streams) {
    let stopped = false;
    return {
      onProgress: (update) => {
        const message = stopped ? null : progressNotice(tool, update);
        if (message !== null) notify(message);
      },
      stop: () => {
        stopped = true;
      }
    };
  }
  const startedAt = Date.now();
  const ticker = setInterval(() => notify(progressMessage(tool, Math.round((Date.now() - startedAt) / SECOND_MS3))), MCP_PROGRESS_INTERVAL_MS);
  return { stop: () => clearInterval(ticker) };
}

// src/mcp/roots.ts
var LOCAL_HOSTS = /* @__PURE__ */ new Set(["", "localhost"]);
function rootFolder(uri) {
  let url;
  try {
    url = new URL(uri);
  } catch {
    return { kind: "refused", reason: "not a URI" };
  }
  if (url.protocol !== "file:") return { kind: "refused", reason: "not a local folder (file:// only)" };
  if (!LOCAL_HOSTS.has(url.hostname)) return { kind: "refused", reason: `on another host (${url.hostname})` };
  let path;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { kind: "refused", reason: "not a URI" };
  }
  if (path.includes("\0")) return { kind: "refused", reason: "not a path" };
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "");
  return { kind: "folder", path };
}
function isInside2(folder, home) {
  return folder === home || folder.startsWith(home === "/" ? "/" : `${home}/`);
}
function rootUris(result) {
  const roots = typeof result === "object" && result !== null ? result.roots : void 0;
  if (!Array.isArray(roots)) return "the answer has no list of roots";
  const uris = [];
  for (const root of roots) {
    const uri = typeof root === "object" && root !== null ? root.uri : void 0;
    uris.push(typeof uri === "string" ? uri : JSON.stringify(uri ?? null));
  }
  return uris;
}

// src/mcp/tools.ts
function offeredTools(settings) {
  return OP_NAMES.filter((name) => TOOL_DESCRIPTORS[name].helper !== "guilds-harness" || settings.offerCodeTask);
}
function mcpToolNotes(home, resultMaxBytes2, readPointers) {
  const notes = {};
  for (const name of OP_NAMES) notes[name] = TOOL_DESCRIPTORS[name].notes.mcp({ home, resultMaxBytes: resultMaxBytes2, readPointers });
  return notes;
}
function mcpTools(settings) {
  const notes = mcpToolNotes(settings.home, settings.maxBytes, settings.readPointers);
  return offeredTools(settings).map((name) => {
    const { spec, title, hints, metaSchema } = TOOL_DESCRIPTORS[name];
    const tool = {
      name,
      title,
      description: `${spec.description} ${notes[name]}`,
      inputSchema: parametersSchema(spec),
      annotations: { title, ...hints }
    };
    if (settings.structuredContent) tool.outputSchema = metaSchema;
    return tool;
  });
}
var CLIENT_ADDED_ARGUMENTS = ["wait_for_previous"];
function withoutClientArguments(args) {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
  const kept = {};
  for (const [name, value] of Object.entries(args)) if (!CLIENT_ADDED_ARGUMENTS.includes(name)) kept[name] = value;
  return kept;
}

// src/mcp/server.ts
var MCP_AGENT_ID = "mcp";
function callToolResult(result, structuredContent) {
  const content = [{ type: "text", text: result.text }];
  if (!result.ok) return { content, isError: true, ...result.kind ? { _meta: { kind: result.kind } } : {} };
  return structuredContent ? { content, structuredContent: result.meta } : { content, _meta: { meta: result.meta } };
}
function reportsProgress(tool, args) {
  return TOOL_DESCRIPTORS[tool].reportsProgress(isPlainObject(args) ? args : {});
}
function streamsProgress(runner, run, tool, args, callId) {
  try {
    return runner.streamsProgress?.(run.checkCall(tool, args, callId, true)) === true;
  } catch {
    return false;
  }
}
function firstUsableRoot(uris, config2) {
  let chosen;
  for (const uri of uris) {
    const named = rootFolder(uri);
    const folder = named.kind === "folder" ? config2.resolveFolder(named.path) : named;
    if (folder.kind === "refused") config2.log(rootRefused(uri, folder.reason));
    else if (config2.homeFixed && !isInside2(folder.path, config2.start.home)) config2.log(rootOutsideHome(uri, config2.start.home));
    else chosen ??= { path: folder.path, uri };
  }
  return chosen;
}
function followRoots(server, config2) {
  let current = startRun(config2, config2.start);
  let rootsRead = Promise.resolve();
  const readRoots = async (announce) => {
    let uris;
    try {
      uris = rootUris(await server.request({ method: "roots/list" }, ResultSchema, { timeout: MCP_ROOTS_WAIT_MS }));
    } catch (error2) {
      uris = errorMessageOf(error2);
    }
    if (typeof uris === "string") return config2.log(rootsUnanswered(uris, current.home));
    const chosen = firstUsableRoot(uris, config2);
    if (config2.homeFixed) return;
    const home = chosen?.path ?? config2.start.home;
    if (home === current.home) return;
    let opened = config2.start;
    try {
      if (home !== config2.start.home) opened = config2.openHome(home);
    } catch (error2) {
      return config2.log(rootRefused(chosen.uri, `a folder the server cannot work in (${errorMessageOf(error2)})`));
    }
    current = startRun(config2, opened);
    config2.log(homeFromRoots(home, chosen !== void 0));
    if (announce) await server.sendToolListChanged().catch(() => void 0);
  };
  const rootsChanged = (announce) => {
    if (!server.getClientCapabilities()?.roots) return;
    if (config2.homeFixed) void readRoots(false);
    else rootsRead = rootsRead.then(() => readRoots(announce));
  };
  server.oninitialized = () => rootsChanged(false);
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => rootsChanged(true));
  return {
    async current() {
      await rootsRead;
      return current;
    }
  };
}
function startRun(config2, opened) {
  return {
    home: opened.home,
    runner: opened.runner,
    run: new CodeToolRun({
      runner: opened.runner,
      runId: config2.newRunId(),
      agentId: MCP_AGENT_ID,
      env: config2.env,
      resultMaxBytes: config2.maxBytes,
      folderTokens: config2.folderTokens
    }),
    tools: mcpTools({ ...config2, home: opened.home })
  };
}
async function answerCall(config2, home, calls, request, extra) {
  const offered = offeredTools(config2);
  const name = request.params.name;
  if (!offered.includes(name)) {
    const shown = firstCodePoints(oneLine(String(name)), UNKNOWN_TOOL_SHOWN_CHARS);
    throw new McpError(ErrorCode.InvalidParams, unknownMcpTool(shown, offered));
  }
  const tool = name;
  const { run, runner } = await home.current();
  const step = ++calls.steps;
  const stopping = [...calls.running.entries()].filter(([other]) => other.signal.aborted).map(([, call2]) => call2);
  if (stopping.length > 0) await Promise.allSettled(stopping);
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (extra.signal.aborted) stop();
  else extra.signal.addEventListener("abort", stop, { once: true });
  const args = withoutClientArguments(request.params.arguments ?? {});
  const callId = `c${step}`;
  const notifier = callNotifier({
    tool,
    progressToken: request.params._meta?.progressToken,
    reports: reportsProgress(tool, args),
    streams: streamsProgress(runner, run, tool, args, callId),
    send: extra.sendNotification
  });
  const call = run.call({ tool, args, callId, resultSeq: config2.readPointers ? step : Number.NaN, signal: controller.signal, onProgress: notifier.onProgress });
  calls.running.set(controller, call);
  try {
    return callToolResult(await call, config2.structuredContent);
  } finally {
    notifier.stop();
    calls.running.delete(controller);
    extra.signal.removeEventListener("abort", stop);
  }
}
function createMcpSession(config2) {
  const calls = { steps: 0, running: /* @__PURE__ */ new Map() };
  const server = new Server(
    { name: "guilds-code", version: config2.version },
    { capabilities: { tools: { listChanged: !config2.homeFixed } } }
  );
  const home = followRoots(server, config2);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await home.current()).tools }));
  server.setRequestHandler(
    CallToolRequestSchema.pick({ method: true }).loose(),
    async (raw, extra) => await answerCall(config2, home, calls, raw, extra)
  );
  return {
    server,
    async stopCalls() {
      const running = [...calls.running.entries()];
      for (const [controller] of running) controller.abort();
      await Promise.allSettled(running.map(([, call]) => call));
    }
  };
}
function errorMessageOf(error2) {
  return oneLine(error2 instanceof Error ? error2.message : String(error2)).replace(/^MCP error -?\d+: /, "");
}

// src/mcp/stdio.ts
var PARSE_ERROR = -32700;
var INVALID_REQUEST = -32600;
function idOf(value) {
  if (typeof value !== "object" || value === null) return null;
  const id = value.id;
  return typeof id === "string" || typeof id === "number" && Number.isFinite(id) ? id : null;
}
var LineTransport = class {
  constructor(input, output, maxMessageBytes) {
    this.input = input;
    this.output = output;
    this.lines = new ByteLines(
      { line: (bytes) => this.takeLine(bytes), tooLong: () => this.answerError(null, INVALID_REQUEST, messageTooLarge(maxMessageBytes)) },
      maxMessageBytes
    );
  }
  input;
  output;
  onclose;
  onerror;
  onmessage;
  /** A line past the cap is answered as it passes it, and dropped up to its newline. */
  lines;
  closed = false;
  async start() {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("close", this.onEnd);
    this.input.on("error", this.onInputError);
    this.output.on("error", this.onInputError);
  }
  onInputError = (error2) => {
    this.onerror?.(error2);
    void this.close();
  };
  onEnd = () => {
    void this.close();
  };
  onData = (chunk) => {
    this.lines.write(chunk);
  };
  takeLine(bytes) {
    const line = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8").replace(/\r$/, "");
    if (line.trim() === "") return;
    let value;
    try {
      value = JSON.parse(line);
    } catch {
      this.answerError(null, PARSE_ERROR, notJsonMessage());
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const isRequest = typeof value === "object" && value !== null && "method" in value;
      if (isRequest || idOf(value) === null) this.answerError(idOf(value), INVALID_REQUEST, notJsonRpcMessage());
      return;
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (error2) {
      this.onerror?.(error2 instanceof Error ? error2 : new Error(String(error2)));
    }
  }
  answerError(id, code2, message) {
    void this.writeLine(JSON.stringify({ jsonrpc: "2.0", id, error: { code: code2, message } }));
  }
  writeLine(text2) {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve2) => {
      if (this.output.write(`${text2}
`)) resolve2();
      else this.output.once("drain", resolve2);
    });
  }
  send(message) {
    if ("error" in message && typeof message.error.message === "string") {
      const error2 = { ...message.error, message: errorMessageForWire(message.error.code, message.error.message) };
      return this.writeLine(JSON.stringify({ ...message, error: error2 }));
    }
    return this.writeLine(JSON.stringify(message));
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.pause();
    this.onclose?.();
  }
};

// src/mcp-main.ts
var VERSION = true ? "0.2.0" : "0.0.0-dev";
var RUN_ID_RANDOM_BYTES = 6;
var STATE_FOLDER_HASH_CHARS = 16;
var RUNS_GITIGNORE = "*\n";
function exitWith(message, status) {
  process.stderr.write(`${message}
`);
  process.exit(status);
}
function environment() {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== void 0) env[name] = value;
  return env;
}
function stateFolder(home, env) {
  const given = env[RUN_DIR_VARIABLE];
  if (given && given.startsWith("/")) return given;
  const userHome = env.HOME && env.HOME.startsWith("/") ? env.HOME : (0, import_node_os.homedir)();
  const id = (0, import_node_crypto2.createHash)("sha256").update(home).digest("hex").slice(0, STATE_FOLDER_HASH_CHARS);
  return (0, import_node_path.join)(userHome, ".cache", "guilds-code-mcp", id);
}
function prepareRunsFolder(home) {
  const runs = (0, import_node_path.join)(home, RUNS_FOLDER_NAME);
  try {
    (0, import_node_fs19.mkdirSync)(runs, { mode: 448 });
  } catch {
  }
  try {
    if (!(0, import_node_fs19.lstatSync)(runs).isDirectory()) return;
    const fd = (0, import_node_fs19.openSync)((0, import_node_path.join)(runs, ".gitignore"), import_node_fs19.constants.O_WRONLY | import_node_fs19.constants.O_CREAT | import_node_fs19.constants.O_EXCL | import_node_fs19.constants.O_NOFOLLOW, 420);
    try {
      (0, import_node_fs19.writeSync)(fd, RUNS_GITIGNORE);
    } finally {
      (0, import_node_fs19.closeSync)(fd);
    }
  } catch {
  }
}
function resolveFolder(path) {
  let real;
  try {
    real = (0, import_node_fs19.realpathSync)(path);
  } catch {
    return { kind: "refused", reason: "a folder that does not exist" };
  }
  try {
    if (!(0, import_node_fs19.statSync)(real).isDirectory()) return { kind: "refused", reason: "not a folder" };
  } catch {
    return { kind: "refused", reason: "a folder that does not exist" };
  }
  return { kind: "folder", path: real };
}
function homeFolderOf(named) {
  try {
    const home = (0, import_node_fs19.realpathSync)((0, import_node_path.resolve)(named));
    if (!(0, import_node_fs19.statSync)(home).isDirectory()) exitWith(startFailure(`the home ${named} is not a folder`), 2);
    return home;
  } catch {
    exitWith(startFailure(`the home ${named} does not exist`), 2);
  }
}
function homeOpener(env, host, runners2) {
  const harnessCommand = [process.execPath, (0, import_node_path.join)((0, import_node_path.dirname)((0, import_node_fs19.realpathSync)(process.argv[1] ?? ".")), "guilds-harness.js")];
  return (folder) => {
    const runDir = stateFolder(folder, env);
    (0, import_node_fs19.mkdirSync)((0, import_node_path.join)(runDir, "requests"), { recursive: true, mode: 448 });
    prepareRunsFolder(folder);
    const runner = new InProcessRunner({ home: folder, runDir, harnessCommand, host });
    runners2.push(runner);
    return { home: folder, runner };
  };
}
async function main() {
  const env = environment();
  const parsed = parseOptions(process.argv.slice(2), process.cwd(), env);
  if (parsed.kind === "help") exitWith(parsed.text, 0);
  if (parsed.kind === "error") exitWith(startFailure(parsed.message), 2);
  const options = parsed.options;
  const home = homeFolderOf(options.home);
  const agent = agentOwningHome(home);
  if (agent !== null) actAs(agent);
  guardGroupsOfThisProcess(SHELL_KILL_GRACE_MS);
  const host = mcpCallHost();
  const runners2 = [];
  const openHome = homeOpener(env, host, runners2);
  let start2;
  try {
    start2 = openHome(home);
  } catch (error2) {
    exitWith(startFailure(`cannot create the state folder ${stateFolder(home, env)}: ${error2.message}`), 1);
  }
  const session = createMcpSession({
    start: start2,
    homeFixed: options.homeFixed,
    resolveFolder,
    openHome,
    newRunId: () => `mcp-${(0, import_node_crypto2.randomBytes)(RUN_ID_RANDOM_BYTES).toString("hex")}`,
    log: (line) => void process.stderr.write(`${line}
`),
    env,
    folderTokens: options.folderTokens,
    maxBytes: options.maxBytes,
    readPointers: options.readPointers,
    structuredContent: options.structuredContent,
    offerCodeTask: options.offerCodeTask,
    version: VERSION
  });
  listenToTheEnd(session, runners2, host);
  await session.server.connect(new LineTransport(process.stdin, process.stdout, MCP_MESSAGE_MAX_BYTES));
}
function listenToTheEnd(session, runners2, host) {
  const shutDown = shutDownOnce(session, runners2);
  const onFault = (error2) => {
    host.failInFlight(error2);
    process.stderr.write(`${startFailure(`internal error: ${String(error2)}`)}
`);
  };
  process.on("uncaughtException", onFault);
  process.on("unhandledRejection", onFault);
  process.on("SIGTERM", shutDown);
  process.on("SIGINT", shutDown);
  session.server.onclose = shutDown;
}
function shutDownOnce(session, runners2) {
  let stopping = false;
  return () => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => process.exit(0), MCP_SHUTDOWN_WAIT_MS);
    void session.stopCalls().then(() => Promise.all(runners2.map((runner) => runner.close()))).then(() => {
      clearTimeout(deadline);
      process.exit(0);
    });
  };
}
void main();
