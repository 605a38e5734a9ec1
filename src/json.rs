//! [`json_object!`]: `impl serde::Serialize` for a record, field by field, in a declarative
//! macro. serde's own `#[derive(Serialize)]` is a procedural macro, and a procedural macro
//! cannot be compiled for the statically linked build (`.cargo/config.toml` links every binary
//! with `+crt-static`, which the host's proc-macro libraries do not support); the JSON itself is
//! still written by serde_json.
//!
//! ```
//! struct Move { token: usize, to: Option<usize> }
//! games::json_object!(Move { "token" => token, "to" => to unless Option::is_none });
//! let text = serde_json::to_string(&Move { token: 1, to: None }).unwrap();
//! assert_eq!(text, r#"{"token":1}"#);
//! ```

/// `json_object!(Type { "key" => field, "key2" => field2 unless Option::is_none, ... })`:
/// serialises `Type` as a JSON object with these keys in this order; a field with
/// `unless PREDICATE` is left out when `PREDICATE(&self.field)` holds (serde's
/// `skip_serializing_if`). `Type<'a>` takes one lifetime.
#[macro_export]
macro_rules! json_object {
    ($name:ident $(<$lt:lifetime>)? { $($key:literal => $field:ident $(unless $skip:path)?),* $(,)? }) => {
        impl $(<$lt>)? ::serde::Serialize for $name $(<$lt>)? {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use ::serde::ser::SerializeStruct;
                // The number of fields written (serde_json closes the object at once when 0).
                let len = 0usize $(+ usize::from(!(false $(|| $skip(&self.$field))?)))*;
                let mut record = s.serialize_struct(stringify!($name), len)?;
                $(
                    let skip = false $(|| $skip(&self.$field))?;
                    if skip {
                        record.skip_field($key)?;
                    } else {
                        record.serialize_field($key, &self.$field)?;
                    }
                )*
                record.end()
            }
        }
    };
}
