//! Declarations: symbols, types and kinds, array specifications, named
//! constants and initial values.
//!
//! A declaration that fails leaves its names *poisoned*: the mistake is
//! reported once, at the declaration, and references to the names stay
//! silent instead of each reporting an undeclared name.

use super::expr::Dest;
use super::Sema;
use crate::ast::{self, Attr, BaseType, Decl, DimSpec};
use crate::hir::{Expr, Shape, Span, Symbol, Type, Value};

/// Attributes of one declaration statement, gathered.
#[derive(Default)]
struct Attrs<'a> {
    dims: Option<&'a [DimSpec]>,
    parameter: bool,
    allocatable: bool,
}

/// The kinds each base type supports.
fn supported_kinds(base: BaseType) -> &'static str {
    match base {
        BaseType::Logical => "4",
        _ => "4, 8",
    }
}

fn base_name(base: BaseType) -> &'static str {
    match base {
        BaseType::Integer => "integer",
        BaseType::Real => "real",
        BaseType::DoublePrecision => "double precision",
        BaseType::Logical => "logical",
        BaseType::Character => "character",
    }
}

/// `(:)`, `(:, :)`...
fn deferred_text(rank: usize) -> String {
    format!("({})", vec![":"; rank.max(1)].join(", "))
}

impl Sema {
    pub(super) fn declarations(&mut self, decls: &[Decl]) {
        for decl in decls {
            match decl {
                Decl::ImplicitNone(_) => self.implicit_none = true,
                Decl::Var {
                    ty,
                    attrs,
                    entities,
                    ..
                } => self.var_decl(ty, attrs, entities),
            }
        }
    }

    fn var_decl(&mut self, spec: &ast::TypeSpec, attrs: &[Attr], entities: &[ast::Entity]) {
        let ty = self.type_spec_of(spec);
        let mut gathered = Attrs::default();
        let mut ok = true;
        for attr in attrs {
            match attr {
                Attr::Dimension(dims, _) => gathered.dims = Some(dims),
                Attr::Parameter(_) => gathered.parameter = true,
                Attr::Allocatable(_) => gathered.allocatable = true,
                Attr::Other(id) => {
                    self.error(
                        id.span,
                        format!("not supported yet: the '{}' attribute", id.name),
                    );
                    ok = false;
                }
            }
        }
        match ty {
            Some(ty) if ok => {
                for entity in entities {
                    self.entity(ty, &gathered, entity);
                }
            }
            _ => {
                for entity in entities {
                    self.poison(&entity.name);
                }
            }
        }
    }

    /// A name whose declaration failed: later references stay silent.
    fn poison(&mut self, name: &ast::Ident) {
        if !self.scope.contains_key(&name.name) {
            self.poisoned.insert(name.name.clone());
        }
    }

    /// The type of a type specification, with its kind folded.
    pub(super) fn type_spec_of(&mut self, spec: &ast::TypeSpec) -> Option<Type> {
        let kind = match &spec.kind {
            Some(k) if spec.base != BaseType::Character => {
                let e = self.expr(k)?;
                match e.as_const() {
                    Some(Value::Int(v)) => Some((v, k.span)),
                    _ => {
                        self.error(
                            k.span,
                            format!(
                                "the kind of a {} must be an integer constant, like {}",
                                base_name(spec.base),
                                supported_kinds(spec.base).replace(", ", " or ")
                            ),
                        );
                        return None;
                    }
                }
            }
            _ => None,
        };
        let ty = match (spec.base, kind.map(|(k, _)| k)) {
            (BaseType::Integer, None | Some(4)) => Type::Int4,
            (BaseType::Integer, Some(8)) => Type::Int8,
            (BaseType::Real, None | Some(4)) => Type::Real4,
            (BaseType::Real, Some(8)) | (BaseType::DoublePrecision, None) => Type::Real8,
            (BaseType::Logical, None | Some(4)) => Type::Logical,
            (BaseType::Character, _) => Type::Char,
            (base, Some(k)) => {
                let span = kind.map_or(spec.span, |(_, span)| span);
                self.error(
                    span,
                    format!(
                        "kind {k} is not supported for {} (supported: {})",
                        base_name(base),
                        supported_kinds(base)
                    ),
                );
                return None;
            }
        };
        Some(ty)
    }

    fn entity(&mut self, ty: Type, attrs: &Attrs<'_>, entity: &ast::Entity) {
        let name = &entity.name;
        if self.scope.contains_key(&name.name) || self.poisoned.contains(&name.name) {
            self.error(
                name.span,
                format!("'{}' is declared more than once", name.name),
            );
            return;
        }
        if ty == Type::Char && !attrs.parameter {
            self.error(
                name.span,
                format!("not supported yet: character variables ('{}')", name.name),
            );
            self.poison(name);
            return;
        }
        let dims = entity.dims.as_deref().or(attrs.dims);
        let shape = match dims {
            None => Shape::Scalar,
            Some(dims) => match self.array_spec(name, dims, attrs.allocatable) {
                Some(s) => s,
                None => return self.poison(name),
            },
        };
        if attrs.allocatable && shape == Shape::Scalar {
            self.error(
                name.span,
                format!(
                    "allocatable '{0}' must be an array, like '{0}(:)'",
                    name.name
                ),
            );
            return self.poison(name);
        }
        let mut symbol = Symbol {
            name: name.name.clone(),
            ty,
            shape,
            parameter: None,
            init: None,
            span: name.span,
        };
        if attrs.parameter {
            match self.constant_init(entity, ty, &symbol.shape, true) {
                Some(v) => symbol.parameter = Some(v),
                None => return self.poison(name),
            }
        } else if entity.init.is_some() {
            symbol.init = self.constant_init(entity, ty, &symbol.shape, false);
        }
        let id = self.add_symbol(symbol);
        self.scope.insert(name.name.clone(), id);
    }

    /// The value of `= init` for a named constant or an initialized scalar.
    fn constant_init(
        &mut self,
        entity: &ast::Entity,
        ty: Type,
        shape: &Shape,
        parameter: bool,
    ) -> Option<Value> {
        let name = &entity.name.name;
        let Some(init) = &entity.init else {
            self.error(
                entity.name.span,
                format!("named constant '{name}' needs a value, like '{name} = 10'"),
            );
            return None;
        };
        if *shape != Shape::Scalar {
            let message = if parameter {
                format!("not supported yet: named constant arrays ('{name}')")
            } else {
                format!("not supported yet: initializing the array '{name}' in its declaration")
            };
            self.error(init.span, message);
            return None;
        }
        if ty == Type::Char {
            self.error(
                init.span,
                format!("not supported yet: character named constants ('{name}')"),
            );
            return None;
        }
        let e = self.expr(init)?;
        let e = self.convert_for_assign(e, ty, init.span, Dest::Init(name))?;
        match e.as_const() {
            Some(v) => Some(v),
            None => {
                let what = if parameter {
                    "the value of the named constant"
                } else {
                    "the initial value of"
                };
                self.error(
                    init.span,
                    format!("{what} '{name}' must be a constant expression"),
                );
                None
            }
        }
    }

    fn array_spec(
        &mut self,
        name: &ast::Ident,
        dims: &[DimSpec],
        allocatable: bool,
    ) -> Option<Shape> {
        if dims.iter().any(|d| matches!(d, DimSpec::Invalid(_))) {
            // Reported by the parser.
            return None;
        }
        if dims.is_empty() {
            // `b()` or `dimension()`: an array of rank 0 is nothing later
            // phases can represent (fuzzing found the scalarizer panicking).
            self.error(
                name.span,
                format!(
                    "array '{0}' needs at least one dimension, like '{0}({1})'",
                    name.name,
                    if allocatable { ":" } else { "n" }
                ),
            );
            return None;
        }
        if dims.len() > 7 {
            self.error(
                name.span,
                format!(
                    "array '{}' has rank {}, more than the maximum of 7",
                    name.name,
                    dims.len()
                ),
            );
            return None;
        }
        let deferred = dims
            .iter()
            .filter(|d| matches!(d, DimSpec::Deferred(_)))
            .count();
        if allocatable {
            if deferred != dims.len() {
                self.error(
                    name.span,
                    format!(
                        "allocatable array '{0}' must have a deferred shape, like '{0}{1}'",
                        name.name,
                        deferred_text(dims.len())
                    ),
                );
                return None;
            }
            return Some(Shape::Deferred(dims.len() as u8));
        }
        if deferred > 0 {
            self.error(
                name.span,
                format!(
                    "array '{}' has a deferred shape but is not allocatable",
                    name.name
                ),
            );
            return None;
        }
        let mut bounds = Vec::new();
        let mut ok = true;
        for dim in dims {
            let DimSpec::Explicit { lower, upper } = dim else {
                unreachable!("checked above")
            };
            let lo = match lower {
                Some(l) => self.constant_bound(name, l),
                None => Some(Expr::constant(Value::Int(1), Type::Int8, upper.span)),
            };
            let hi = self.constant_bound(name, upper);
            match (lo, hi) {
                (Some(lo), Some(hi)) => bounds.push((lo, hi)),
                _ => ok = false,
            }
        }
        ok.then_some(Shape::Explicit(bounds))
    }

    /// An array bound of a main program array: a constant integer.
    fn constant_bound(&mut self, array: &ast::Ident, e: &ast::Expr) -> Option<Expr> {
        let span: Span = e.span;
        let h = self.expr(e)?;
        if !h.ty.is_int() || h.rank != 0 {
            self.error(
                span,
                format!(
                    "the bounds of array '{}' must be scalar integers, found {}",
                    array.name,
                    super::expr::describe(&h)
                ),
            );
            return None;
        }
        match h.as_const() {
            Some(Value::Int(v)) => Some(Expr::constant(Value::Int(v), Type::Int8, span)),
            _ => {
                self.error(
                    span,
                    format!(
                        "the bounds of array '{}' must be constant expressions in a main program",
                        array.name
                    ),
                );
                None
            }
        }
    }
}
