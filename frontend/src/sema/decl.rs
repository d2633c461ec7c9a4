//! Declarations: symbols, types and kinds, array specifications, named
//! constants and initial values.

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
        for attr in attrs {
            match attr {
                Attr::Dimension(dims, _) => gathered.dims = Some(dims),
                Attr::Parameter(_) => gathered.parameter = true,
                Attr::Allocatable(_) => gathered.allocatable = true,
                Attr::Other(id) => self.error(
                    id.span,
                    format!("not supported yet: the '{}' attribute", id.name),
                ),
            }
        }
        let Some(ty) = ty else { return };
        for entity in entities {
            self.entity(ty, &gathered, entity);
        }
    }

    /// The type of a type specification, with its kind folded.
    pub(super) fn type_spec_of(&mut self, spec: &ast::TypeSpec) -> Option<Type> {
        let kind = match &spec.kind {
            Some(k) if spec.base != BaseType::Character => {
                let e = self.expr(k)?;
                match super::fold(&e) {
                    Some(Value::Int(v)) => Some(v),
                    _ => {
                        self.error(k.span, "kind must be an integer constant");
                        return None;
                    }
                }
            }
            _ => None,
        };
        let ty = match (spec.base, kind) {
            (BaseType::Integer, None | Some(4)) => Type::Int4,
            (BaseType::Integer, Some(8)) => Type::Int8,
            (BaseType::Real, None | Some(4)) => Type::Real4,
            (BaseType::Real, Some(8)) | (BaseType::DoublePrecision, None) => Type::Real8,
            (BaseType::Logical, None | Some(4)) => Type::Logical,
            (BaseType::Character, _) => Type::Char,
            (base, Some(k)) => {
                let name = format!("{base:?}").to_lowercase();
                self.error(
                    spec.span,
                    format!("kind {k} is not supported for {name} (supported: 4, 8)"),
                );
                return None;
            }
        };
        Some(ty)
    }

    fn entity(&mut self, ty: Type, attrs: &Attrs<'_>, entity: &ast::Entity) {
        let name = &entity.name;
        if self.scope.contains_key(&name.name) {
            self.error(
                name.span,
                format!("'{}' is declared more than once", name.name),
            );
            return;
        }
        if ty == Type::Char && !attrs.parameter {
            self.error(name.span, "not supported yet: character variables");
            return;
        }
        let dims = entity.dims.as_deref().or(attrs.dims);
        let shape = match dims {
            None => Shape::Scalar,
            Some(dims) => match self.array_spec(name, dims, attrs.allocatable) {
                Some(s) => s,
                None => return,
            },
        };
        if attrs.allocatable && shape == Shape::Scalar {
            self.error(
                name.span,
                format!("allocatable '{}' must be an array", name.name),
            );
            return;
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
            match self.constant_init(entity, ty, &symbol.shape) {
                Some(v) => symbol.parameter = Some(v),
                None => return,
            }
        } else if entity.init.is_some() {
            symbol.init = self.constant_init(entity, ty, &symbol.shape);
        }
        let id = self.add_symbol(symbol);
        self.scope.insert(name.name.clone(), id);
    }

    /// The value of `= init` for a named constant or an initialized scalar.
    fn constant_init(&mut self, entity: &ast::Entity, ty: Type, shape: &Shape) -> Option<Value> {
        let name = &entity.name.name;
        let Some(init) = &entity.init else {
            self.error(
                entity.name.span,
                format!("named constant '{name}' needs a value"),
            );
            return None;
        };
        if *shape != Shape::Scalar {
            self.error(
                init.span,
                "not supported yet: array initialization in a declaration",
            );
            return None;
        }
        if ty == Type::Char {
            self.error(init.span, "not supported yet: character named constants");
            return None;
        }
        let e = self.expr(init)?;
        let e = self.convert_for_assign(e, ty, init.span)?;
        match super::fold(&e) {
            Some(v) => Some(v),
            None => {
                self.error(
                    init.span,
                    format!("the value of '{name}' must be a constant expression"),
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
        if dims.len() > 7 {
            self.error(
                name.span,
                format!(
                    "array '{}' has rank {}; the maximum is 7",
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
                        "allocatable array '{}' must have a deferred shape like (:, :)",
                        name.name
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
                    "array '{}' with deferred shape (:) must be allocatable",
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
                Some(l) => self.constant_bound(l),
                None => Some(Expr::constant(Value::Int(1), Type::Int8, upper.span)),
            };
            let hi = self.constant_bound(upper);
            match (lo, hi) {
                (Some(lo), Some(hi)) => bounds.push((lo, hi)),
                _ => ok = false,
            }
        }
        ok.then_some(Shape::Explicit(bounds))
    }

    /// An array bound of a main program array: a constant integer.
    fn constant_bound(&mut self, e: &ast::Expr) -> Option<Expr> {
        let span: Span = e.span;
        let h = self.expr(e)?;
        if !h.ty.is_int() || h.rank != 0 {
            self.error(
                span,
                format!(
                    "array bound must be a scalar integer, found {}",
                    h.ty.name()
                ),
            );
            return None;
        }
        match super::fold(&h) {
            Some(Value::Int(v)) => Some(Expr::constant(Value::Int(v), Type::Int8, span)),
            _ => {
                self.error(
                    span,
                    "array bound must be a constant expression in a main program",
                );
                None
            }
        }
    }
}
